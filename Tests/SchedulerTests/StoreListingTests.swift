import Foundation
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServer
import Testing
@testable import Scheduler

/// `list` paged by key: every post once, in order, whatever the filter and wherever a page ends; and the cursor text.
@Suite struct StoreListingTests {
    let now = referenceNow

    /// Posts over two accounts, due four to an instant (so pages end inside runs of equal due times), some to both
    /// accounts; four past ones claimed, two of them published and one failed; two drafts. Returns every post.
    private func populate(_ store: any StoreInspection) async throws -> (runner: AccountRecord, club: AccountRecord, posts: [PostRecord]) {
        let runner = try await store.addAccount("runner")
        let club = try await store.addAccount("club")
        for index in 0..<4 {
            try await store.addPost("past \(index)", due: now.addingTimeInterval(-60 - Double(index / 2) * 60), to: [runner], now: now.addingTimeInterval(-600))
        }
        let claims = try await store.claimDue(now: now, limit: 10).claimed.sorted { $0.postID < $1.postID }
        #expect(claims.count == 4)
        for claim in claims.prefix(2) {
            try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "r\(claim.deliveryID)", remoteURL: nil)
        }
        try await store.recordFinalFailure(claims[2], attempt: attempt(at: now, status: 400, outcome: "error"), state: .failed, error: "refused")
        for index in 0..<14 {
            let to = index % 5 == 0 ? [club] : index % 3 == 0 ? [runner, club] : [runner]
            try await store.addPost("future \(index)", due: now.addingTimeInterval(60 * Double(1 + index / 4)), to: to, now: now)
        }
        for index in 0..<2 {
            _ = try await store.insertPost(NewPost(text: "draft \(index)", time: nil, latenessLimitSeconds: 60, targets: [.init(accountID: runner.id)]), now: now)
        }
        var posts: [PostRecord] = []
        for id in 1...20 { posts.append(try await store.post(id: Int64(id))) }
        return (runner, club, posts)
    }

    /// The listing's order, worked out here: posts that wait next due first, then the smaller id; anything else newest due
    /// time first (drafts last), then the larger id.
    private func expected(_ posts: [PostRecord], _ filter: StateFilter, accountID: Int64?) -> [Int64] {
        posts.filter { post in
            post.deliveries.contains { delivery in
                (accountID == nil || delivery.accountId == accountID) && {
                    if case .states(let states) = filter { return states.contains(delivery.state) }
                    return true
                }()
            }
        }
        .sorted { a, b in
            let (x, y) = ((a.dueAt?.unixMilliseconds ?? 0, a.id), (b.dueAt?.unixMilliseconds ?? 0, b.id))
            return ListOrder(filter) == .nextDueFirst ? x < y : x > y
        }
        .map(\.id)
    }

    private func filters(_ runner: AccountRecord, _ club: AccountRecord) -> [(StateFilter, Int64?)] {
        [(.all, nil), (.pending, nil), (.states([.scheduled]), nil), (.states([.published, .failed]), nil), (.states([.draft]), nil),
         (.all, runner.id), (.all, club.id), (.pending, club.id), (.states([.scheduled, .publishing]), runner.id), (.states([.missed]), nil)]
    }

    @Test(arguments: StoreBackend.allCases)
    func pagingByCursor_givesEveryPostOnce_inOrder_forEveryFilter(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (runner, club, posts) = try await populate(store)
            for (filter, accountID) in filters(runner, club) {
                let want = expected(posts, filter, accountID: accountID)
                var got: [Int64] = []
                var after: ListPosition?
                var pages = 0
                repeat {
                    let page = try await store.listPosts(filter: filter, accountID: accountID, after: after, offset: 0, limit: 3)
                    #expect(page.posts.count <= 3)
                    #expect(page.next == nil || page.posts.count == 3, "\(filter): only a full page has a next one")
                    got += page.posts.map(\.id)
                    after = page.next
                    pages += 1
                } while after != nil && pages < 20
                #expect(got == want, "\(filter), account \(accountID.map(String.init) ?? "any")")
                #expect(pages == max(1, (want.count + 2) / 3), "\(filter): no empty page after the last")
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func pagingByOffset_fromTheStartOrFromACursor_skipsThatManyPosts(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (runner, club, posts) = try await populate(store)
            for (filter, accountID) in filters(runner, club) {
                let want = expected(posts, filter, accountID: accountID)
                for offset in [0, 2, 4, 7] {
                    let page = try await store.listPosts(filter: filter, accountID: accountID, after: nil, offset: offset, limit: 4)
                    #expect(page.posts.map(\.id) == Array(want.dropFirst(offset).prefix(4)), "\(filter) from \(offset)")
                }
                guard want.count > 3 else { continue }
                let first = try await store.listPosts(filter: filter, accountID: accountID, after: nil, offset: 0, limit: 2)
                let skipped = try await store.listPosts(filter: filter, accountID: accountID, after: first.next, offset: 1, limit: 2)
                #expect(skipped.posts.map(\.id) == Array(want.dropFirst(3).prefix(2)), "\(filter): one skipped after the cursor")
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aPostsNewTime_movesIt_inEveryListing(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let early = try await store.addPost("early", due: now.addingTimeInterval(60), to: [runner])
            let late = try await store.addPost("late", due: now.addingTimeInterval(120), to: [runner])
            _ = try await store.editPost(id: early.id, change: PostChange(time: ScheduleTime(instant: now.addingTimeInterval(180),
                                                                                           zoneIdentifier: "UTC", wallClock: "x")), now: now)
            let draft = try await store.insertPost(NewPost(text: "draft", time: nil, latenessLimitSeconds: 60, targets: [.init(accountID: runner.id)]), now: now)
            _ = try await store.scheduleDraft(id: draft.id, time: ScheduleTime(instant: now.addingTimeInterval(240), zoneIdentifier: "UTC", wallClock: "x"),
                                              queued: false, now: now)

            for (filter, accountID) in [(StateFilter.pending, nil), (.states([.scheduled]), runner.id)] as [(StateFilter, Int64?)] {
                let listed = try await store.listPosts(filter: filter, accountID: accountID, after: nil, offset: 0, limit: 10)
                #expect(listed.posts.map(\.id) == [late.id, early.id, draft.id], "\(filter): next due first")
            }
            let all = try await store.listPosts(filter: .all, accountID: runner.id, after: nil, offset: 0, limit: 10)
            #expect(all.posts.map(\.id) == [draft.id, early.id, late.id], "all: newest first")
        }
    }

    @Test(arguments: [ListOrder.newestFirst, .nextDueFirst])
    func aCursor_roundTrips_andReadsAsOpaqueText(_ order: ListOrder) throws {
        for position in [ListPosition(dueAt: 0, postID: 1), ListPosition(dueAt: 1_900_000_000_125, postID: 9_007_199_254_740_993)] {
            let text = ListCursor.text(position, order: order)
            #expect(text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } && text.count <= 64)
            #expect(try ListCursor.position(text, order: order) == position)
        }
    }

    @Test func aCursorFromAListingInTheOtherOrder_isABadRequestSayingSo() throws {
        let position = ListPosition(dueAt: 1_900_000_000_125, postID: 12)
        let pending = #expect(throws: RequestError.self) { try ListCursor.position(ListCursor.text(position, order: .nextDueFirst)) }
        #expect(pending?.message.contains("from a listing of the next due first") == true, "\(pending?.message ?? "")")
        let published = #expect(throws: RequestError.self) { try ListCursor.position(ListCursor.text(position), order: .nextDueFirst) }
        #expect(published?.message.contains("from a listing newest first") == true, "\(published?.message ?? "")")
    }

    @Test func theOrder_followsTheFilter_waitingPostsNextDueFirst() {
        #expect(ListOrder(.pending) == .nextDueFirst)
        #expect(ListOrder(.states([.scheduled])) == .nextDueFirst && ListOrder(.states([.retrying, .publishing])) == .nextDueFirst)
        #expect(ListOrder(.all) == .newestFirst && ListOrder(.states([.published])) == .newestFirst)
        #expect(ListOrder(.states([.draft])) == .newestFirst && ListOrder(.states([.scheduled, .failed])) == .newestFirst)
    }

    @Test(arguments: StoreBackend.allCases)
    func countPosts_countsEachPostOnce_asTheListingHoldsThem(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (runner, club, posts) = try await populate(store)
            for (filter, accountID) in filters(runner, club) {
                #expect(try await store.countPosts(filter: filter, accountID: accountID) == expected(posts, filter, accountID: accountID).count,
                        "\(filter), account \(accountID.map(String.init) ?? "any")")
            }
        }
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("abc def", "up to 64 letters, digits"),
        (String(repeating: "A", count: 65), "up to 64 letters, digits"),
        ("_w", "does not decode"),
        (unpadded("2:5:6"), "not one this version"),
        (unpadded("1:soon:6"), "does not hold a due time and a post id"),
        (unpadded("1:5:0"), "does not hold a due time and a post id"),
        (unpadded("1:5"), "does not hold a due time and a post id"),
        (unpadded("1:5:6:later"), "does not hold a due time and a post id"),
    ])
    func aCursorThisDaemonDidNotGive_isABadRequestSayingWhatIsWrong(_ text: String, _ reason: String) throws {
        let error = #expect(throws: RequestError.self) { try ListCursor.position(text) }
        #expect(error?.code == .badRequest)
        #expect(error?.message.contains("'\(text.prefix(60))' is not a list cursor: ") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        #expect(error?.hint == .leaveOut(.after), "the hint: start at the first page")
    }
}

/// `text` as base64url without padding, the way cursors are written.
private func unpadded(_ text: String) -> String {
    Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}
