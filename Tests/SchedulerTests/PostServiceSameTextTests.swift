import Connectors
import Foundation
import HTTPClient
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// X refuses a post identical to a recent one of the account: refused when it is scheduled, not when it is due.
@Suite struct PostServiceSameTextTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)

    let store: SQLiteStore
    let service: PostService

    init() throws {
        store = try SQLiteStore.inMemory()
        service = .withXRules(store: store, zone: "UTC", now: Self.now)
    }

    private func schedule(_ text: String, at: String, to: [String] = ["x:@runner"], overrides: [String: String]? = nil) async throws -> PostView {
        guard case .stored(let view) = try await service.schedule(SchedulePostRequest(text: text, to: to, at: at, overrides: overrides)) else {
            throw RequestError.badRequest("expected a stored post")
        }
        return view
    }

    @Test func theSameTextToTheSameXAccountWithinADay_isRefused_namingTheOtherPost() async throws {
        try await store.addAccount("runner")
        let first = try await schedule("Long run Sunday", at: "2030-01-05T07:30:00Z")

        let error = await #expect(throws: RequestError.self) { try await schedule(" Long run Sunday\n", at: "2030-01-05T19:30:00Z") }

        #expect(error?.code == .badRequest)
        #expect(error?.message.contains("x:@runner: X refuses a post identical to a recent one") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("post \(first.id)") == true)
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).count == 1)
    }

    @Test func theSameTextMoreThanADayApart_orToAnotherAccount_orChanged_isAccepted() async throws {
        try await store.addAccount("runner")
        try await store.addAccount("club")
        _ = try await schedule("Long run Sunday", at: "2030-01-05T07:30:00Z")

        _ = try await schedule("Long run Sunday", at: "2030-01-06T08:00:00Z")
        _ = try await schedule("Long run Sunday", at: "2030-01-05T08:00:00Z", to: ["x:@club"])
        _ = try await schedule("Long run Sunday", at: "2030-01-05T09:00:00Z", overrides: ["x:@runner": "Long run Sunday, 2nd wave"])
    }

    /// Issue 48, item 14: no other network refuses a repeated text, so a CSV imported twice was published twice on
    /// Bluesky, Mastodon and Threads without a word. The same text to the same account in the same minute is refused
    /// on every network, once in a file and against what is stored; a minute apart it is another post.
    @Test func theSameTextToTheSameBlueskyAccountAtTheSameTime_isRefusedAsTheSamePostTwice() async throws {
        let bluesky = BlueskyConnector(transport: UnusedTransport())
        let service = PostService(store: store, connectors: ConnectorRegistry([bluesky]), wake: WakeSignal(), defaultZone: TimeZone(identifier: "UTC")!,
                                  defaultLatenessSeconds: 3_600, now: { Self.now })
        try await store.addAccount("mara.bsky.social", network: .bluesky)
        let request = SchedulePostRequest(text: "Track night", to: ["bluesky:@mara.bsky.social"], at: "2030-01-05T18:00:00Z")
        guard case .stored(let first) = try await service.schedule(request) else { throw RequestError.badRequest("expected a stored post") }

        let error = await #expect(throws: RequestError.self) { try await service.schedule(request) }
        #expect(error?.message.contains("post \(first.id) with the same text is due") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("the same post twice") == true)

        var later = request
        later.at = "2030-01-05T18:02:00Z"
        guard case .stored = try await service.schedule(later) else { throw RequestError.badRequest("a later post is another post") }

        let twice = ImportRequest(posts: [request, request], lines: [2, 3], dryRun: true)
        let refused = await #expect(throws: RequestError.self) { try await service.importPosts(twice) }
        let problems = refused?.problems ?? []
        #expect(problems.contains { $0.hasPrefix("line 2: ") && $0.contains("post \(first.id) with the same text") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("line 3: ") && $0.contains("line 2 of this import has the same text") }, "\(problems)")
    }

    @Test func aCancelledPost_doesNotCount() async throws {
        try await store.addAccount("runner")
        let first = try await schedule("Long run Sunday", at: "2030-01-05T07:30:00Z")
        _ = try await service.cancel(id: first.id)
        _ = try await schedule("Long run Sunday", at: "2030-01-05T08:30:00Z")
    }

    @Test func editingAPostToTheTextOfAnotherWithinADay_isRefused_butItsOwnTextIsNoDuplicate() async throws {
        try await store.addAccount("runner")
        _ = try await schedule("Long run Sunday", at: "2030-01-05T07:30:00Z")
        let second = try await schedule("Intervals Tuesday", at: "2030-01-05T12:00:00Z")

        _ = try await service.edit(id: second.id, EditPostRequest(text: "Intervals Tuesday"))
        let error = await #expect(throws: RequestError.self) { try await service.edit(id: second.id, EditPostRequest(text: "Long run Sunday")) }
        #expect(error?.message.contains("X refuses a post identical") == true)
        #expect(try await store.post(id: second.id).text == "Intervals Tuesday")
    }

    @Test(arguments: StoreBackend.allCases)
    func sameText_findsAWaitingPostInTheWindow_only(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let post = try await store.addPost("Same words", due: referenceNow, to: [account])

            let found = try await store.sameText(accountID: account.id, text: "Same words", from: referenceNow.addingTimeInterval(-60),
                                                 to: referenceNow.addingTimeInterval(60), excluding: nil)
            #expect(found == SameTextPost(postID: post.id, dueAt: referenceNow, state: .scheduled))
            #expect(try await store.sameText(accountID: account.id, text: "Same words", from: referenceNow.addingTimeInterval(1),
                                             to: referenceNow.addingTimeInterval(60), excluding: nil) == nil)
            #expect(try await store.sameText(accountID: account.id, text: "Other words", from: referenceNow.addingTimeInterval(-60),
                                             to: referenceNow.addingTimeInterval(60), excluding: nil) == nil)
            #expect(try await store.sameText(accountID: account.id, text: "Same words", from: referenceNow.addingTimeInterval(-60),
                                             to: referenceNow.addingTimeInterval(60), excluding: post.id) == nil)
        }
    }
}

extension PostServiceSameTextTests {
    @Test func aDraftGivenATimeNearAPostWithItsText_isRefused_andStaysADraft() async throws {
        try await store.addAccount("runner")
        _ = try await schedule("Long run Sunday", at: "2030-01-05T07:30:00Z")
        guard case .stored(let draft) = try await service.schedule(SchedulePostRequest(text: "Long run Sunday", to: ["x:@runner"], at: nil, draft: true)) else {
            Issue.record("no draft"); return
        }

        let error = await #expect(throws: RequestError.self) {
            try await service.scheduleDraft(id: draft.id, ScheduleDraftRequest(at: "2030-01-05T09:00:00Z"))
        }

        #expect(error?.message.contains("X refuses a post identical") == true, "\(error?.message ?? "")")
        #expect(try await store.post(id: draft.id).dueAt == nil)
    }
}
