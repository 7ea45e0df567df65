import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Posts as stored and listed: round-trips, filters, paging, edit and cancel.
@Suite struct StorePostTests {
    let now = referenceNow

    @Test(arguments: StoreBackend.allCases)
    func insertPost_thenPost_roundTripsEveryField(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let x = try await store.addAccount("runner")
            let other = try await store.addAccount("club")
            let due = Date(timeIntervalSince1970: 1_900_003_600.125)
            let time = ScheduleTime(instant: due, zoneIdentifier: "Europe/Paris", wallClock: "2030-03-17T18:20:00")
            let post = NewPost(text: "Sunday Morning Run", time: time, latenessLimitSeconds: 1_800, source: "run-summary",
                               targets: [.init(accountID: x.id), .init(accountID: other.id, textOverride: "short")])

            let inserted = try await store.insertPost(post, now: now)
            let read = try await store.post(id: inserted.id)

            #expect(read == inserted)
            #expect(read.text == "Sunday Morning Run")
            #expect(read.dueAt == due)
            #expect(read.dueZone == "Europe/Paris")
            #expect(read.dueLocal == "2030-03-17T18:20:00")
            #expect(read.latenessLimitSeconds == 1_800)
            #expect(read.source == "run-summary")
            #expect(read.createdAt == now)
            #expect(read.updatedAt == now)
            #expect(read.deliveries.map(\.accountId) == [x.id, other.id])
            #expect(read.deliveries.map(\.account) == ["x:@runner", "x:@club"])
            #expect(read.deliveries.map(\.text) == [nil, "short"])
            #expect(read.deliveries.allSatisfy { $0.state == .scheduled && $0.attempts == 0 && $0.nextAttemptAt == due })
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func post_whenTheIDIsUnknown_throwsNotFound(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let error = await #expect(throws: StoreError.self) { try await store.post(id: 42) }
            #expect(error?.code == .notFound)
            #expect(error?.message.contains("no post 42") == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func insertPost_forAnUnknownAccount_storesNothing(_ backend: StoreBackend) async throws {
        try await backend.withStore { store async throws in
            let time = ScheduleTime(instant: now, zoneIdentifier: "UTC", wallClock: "x")

            await #expect(throws: (any Error).self) {
                try await store.insertPost(NewPost(text: "t", time: time, latenessLimitSeconds: 60, targets: [.init(accountID: 99)]))
            }

            #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func listPosts_isNewestDueFirstAndPages(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            var ids: [Int64] = []
            for offset in [30.0, 10, 50, 20, 40] {
                ids.append(try await store.addPost("at \(offset)", due: now.addingTimeInterval(offset), to: [account]).id)
            }

            let all = try await store.listPosts(filter: .all, limit: 10, offset: 0)
            let firstPage = try await store.listPosts(filter: .all, limit: 2, offset: 0)
            let secondPage = try await store.listPosts(filter: .all, limit: 2, offset: 2)
            let lastPage = try await store.listPosts(filter: .all, limit: 2, offset: 4)

            #expect(all.map(\.text) == ["at 50.0", "at 40.0", "at 30.0", "at 20.0", "at 10.0"])
            #expect(firstPage.map(\.text) == ["at 50.0", "at 40.0"])
            #expect(secondPage.map(\.text) == ["at 30.0", "at 20.0"])
            #expect(lastPage.map(\.text) == ["at 10.0"])
            #expect(try await store.listPosts(filter: .all, limit: 2, offset: 6).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func listPosts_filtersByStateAndAccount(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let published = try await store.addPost("published", due: now.addingTimeInterval(-5), to: [runner])
            let pending = try await store.addPost("pending", due: now.addingTimeInterval(60), to: [runner])
            let clubs = try await store.addPost("club only", due: now.addingTimeInterval(120), to: [club])
            let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
            try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "1", remoteURL: nil)

            let publishedOnly = try await store.listPosts(filter: .states([.published]), limit: 10, offset: 0)
            let pendingOnly = try await store.listPosts(filter: .pending, limit: 10, offset: 0)
            let byRunner = try await store.listPosts(filter: .all, accountID: runner.id, limit: 10, offset: 0)
            let pendingByRunner = try await store.listPosts(filter: .pending, accountID: runner.id, limit: 10, offset: 0)
            let failed = try await store.listPosts(filter: .states([.failed]), limit: 10, offset: 0)

            #expect(publishedOnly.map(\.id) == [published.id])
            #expect(pendingOnly.map(\.id) == [pending.id, clubs.id], "what waits is listed next due first")
            #expect(byRunner.map(\.id) == [pending.id, published.id])
            #expect(pendingByRunner.map(\.id) == [pending.id])
            #expect(failed.isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func editPost_changesTextTimeAndLatenessWhileScheduled(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let post = try await store.addPost("before", due: now.addingTimeInterval(60), to: [account])
            let newTime = ScheduleTime(instant: now.addingTimeInterval(3_600), zoneIdentifier: "America/New_York",
                                       wallClock: "2030-03-17T14:20:00")

            let edited = try await store.editPost(id: post.id, change: PostChange(text: "after", time: newTime, latenessLimitSeconds: 120),
                                                  now: now.addingTimeInterval(1))

            #expect(edited.text == "after")
            #expect(edited.dueAt == newTime.instant)
            #expect(edited.dueZone == "America/New_York")
            #expect(edited.dueLocal == "2030-03-17T14:20:00")
            #expect(edited.latenessLimitSeconds == 120)
            // A new version, later than the one it replaced even when the edit's clock reads earlier (issue 47).
            #expect(edited.version > post.version && edited.updatedAt >= now.addingTimeInterval(1))
            #expect(edited.deliveries.first?.nextAttemptAt == newTime.instant)
            #expect(try await store.nextDueTime() == newTime.instant)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func editPost_onceADeliveryLeftScheduled_isRefusedAsConflict(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost("before", due: now, to: [runner])
            _ = try await store.claimDue(now: now, limit: 1)

            let error = await #expect(throws: StoreError.self) {
                try await store.editPost(id: post.id, change: PostChange(text: "after"), now: now)
            }

            #expect(error?.code == .conflict)
            #expect(error?.message.contains("x:@runner is publishing") == true)
            #expect(try await store.post(id: post.id).text == "before")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func editPost_ofAnUnknownPost_throwsNotFound(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let error = await #expect(throws: StoreError.self) { try await store.editPost(id: 7, change: PostChange(text: "x")) }
            #expect(error?.code == .notFound)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func cancelPost_cancelsEveryUnfinishedDelivery(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let post = try await store.addPost(due: now.addingTimeInterval(60), to: [runner, club])

            let cancelled = try await store.cancelPost(id: post.id, now: now)

            #expect(cancelled.deliveries.map(\.state) == [.cancelled, .cancelled])
            #expect(try await store.nextDueTime() == nil)
            #expect(try await store.claimDue(now: now.addingTimeInterval(60), limit: 5).claimed.isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func cancelPost_leavesPublishedDeliveriesAlone(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let post = try await store.addPost(due: now, to: [runner, club])
            let claims = try await store.claimDue(now: now, limit: 1).claimed
            try await store.recordPublished(try #require(claims.first), attempt: attempt(at: now), remoteID: "1", remoteURL: nil)

            let cancelled = try await store.cancelPost(id: post.id, now: now)

            #expect(Set(cancelled.deliveries.map(\.state)) == [.published, .cancelled])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func cancelPost_whenNothingIsLeft_isAConflict(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost(due: now, to: [runner])
            _ = try await store.cancelPost(id: post.id, now: now)

            let error = await #expect(throws: StoreError.self) { try await store.cancelPost(id: post.id, now: now) }

            #expect(error?.code == .conflict)
            #expect(error?.message.contains("nothing left to cancel") == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func cancelPost_whilePublishing_isAConflictThatSaysSo(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost(due: now, to: [runner])
            _ = try await store.claimDue(now: now, limit: 1)

            let error = await #expect(throws: StoreError.self) { try await store.cancelPost(id: post.id, now: now) }

            #expect(error?.code == .conflict)
            #expect(error?.message.contains("being published right now") == true)
            #expect(try await store.delivery(ofPost: post.id).state == .publishing)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func postsDue_listsARangeOfDueTimes_earliestFirst_perAccount(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let late = try await store.addPost("late", due: now.addingTimeInterval(7_200), to: [runner], now: now)
            let early = try await store.addPost("early", due: now.addingTimeInterval(3_600), to: [runner, club], now: now)
            _ = try await store.addPost("outside", due: now.addingTimeInterval(86_400), to: [runner], now: now)
            _ = try await store.insertPost(NewPost(text: "draft", time: nil, latenessLimitSeconds: 60, targets: [.init(accountID: runner.id)]), now: now)
            let range = (from: now, to: now.addingTimeInterval(10_000))
            #expect(try await store.postsDue(from: range.from, to: range.to, accountID: nil, limit: 10).map(\.id) == [early.id, late.id])
            #expect(try await store.postsDue(from: range.from, to: range.to, accountID: club.id, limit: 10).map(\.id) == [early.id])
            #expect(try await store.postsDue(from: range.from, to: range.to, accountID: nil, limit: 1).map(\.id) == [early.id])
            #expect(try await store.postsDue(from: now.addingTimeInterval(3_600), to: now.addingTimeInterval(7_200), accountID: nil, limit: 10)
                .map(\.id) == [early.id], "from is in the range, to is not")
        }
    }

    /// A calendar's days in one read (issue 31): each day its first posts, earliest first, and its count up to the
    /// bound, to one account when asked.
    @Test(arguments: StoreBackend.allCases)
    func postsByDay_givesEachDayItsFirstPostsAndItsCount(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let days = (0..<3).map { DateInterval(start: now.addingTimeInterval(Double($0) * 86_400), duration: 86_400) }
            var first: [Int64] = []
            for hour in [3, 1, 2, 4] {
                first.append(try await store.addPost("day one \(hour)", due: days[0].start.addingTimeInterval(Double(hour) * 3_600),
                                                     to: hour == 4 ? [club] : [runner, club], now: now).id)
            }
            let third = try await store.addPost("day three", due: days[2].start.addingTimeInterval(60), to: [runner], now: now)

            let all = try await store.postsByDay(days, first: 2, countUpTo: 3, accountID: nil)
            #expect(all.map { $0.posts.map(\.id) } == [[first[1], first[2]], [], [third.id]], "the earliest two, in each day")
            #expect(all.map(\.count) == [3, 0, 1], "four posts on day one, counted up to the bound")
            #expect(all[0].posts[0].deliveries.count == 2, "each post with its deliveries")

            let runnersOnly = try await store.postsByDay(days, first: 5, countUpTo: 10, accountID: runner.id)
            #expect(runnersOnly.map { $0.posts.map(\.id) } == [[first[1], first[2], first[0]], [], [third.id]])
            #expect(runnersOnly.map(\.count) == [3, 0, 1])
        }
    }
}
