import Foundation
import SchedulerCore
import Testing
@testable import Scheduler

/// Issue 25, bug 19 (and `status` listing what had gone out): the next days are read a few rows at a time: each day's
/// first posts still to go out, with the networks still to go, and a count that stops at its bound.
@Suite struct StoreUpcomingTests {
    let now = referenceNow

    @Test(arguments: StoreBackend.allCases)
    func eachDayGivesItsFirstPostsStillToGo_andACountThatStopsAtItsBound(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let page = try await store.addAccount("club", network: .facebook)
            let day = DateInterval(start: now, duration: 86_400)
            let nextDay = DateInterval(start: day.end, duration: 86_400)
            // Published first: it was due earliest, and is not shown.
            try await store.addPost("went out", due: now.addingTimeInterval(60), to: [runner], now: now)
            try await publishTheFirstDelivery(dueAt: now.addingTimeInterval(60), store)
            var due: [Int64] = []
            for minute in 2...8 {
                due.append(try await store.addPost("post \(minute)", due: now.addingTimeInterval(Double(minute) * 60), to: [page, runner], now: now).id)
            }
            try await store.addPost("tomorrow", due: nextDay.start.addingTimeInterval(3_600), to: [runner], now: now)

            let days = try await store.upcoming(in: [day, nextDay, DateInterval(start: nextDay.end, duration: 86_400)], first: 3, countUpTo: 5)
            #expect(days[0].posts.map(\.id) == Array(due.prefix(3)), "earliest first, the published one left out")
            #expect(days[0].posts.first?.networks == [.facebook, .x], "the networks in the order the post names its accounts")
            #expect(days[0].count == 6, "seven posts to go, counted up to the bound plus one")
            #expect(days[1].posts.count == 1 && days[1].count == 1)
            #expect(days[2].posts.isEmpty && days[2].count == 0)
        }
    }

    /// The count reads the index of deliveries by state (issue 31): a post going to two accounts is one post, and a
    /// post whose one delivery went out while another waits is still to go.
    @Test(arguments: StoreBackend.allCases)
    func theCountIsOfPosts_notOfDeliveries(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let accounts = [try await store.addAccount("runner"), try await store.addAccount("club", network: .facebook)]
            try await store.addPost("half out", due: now.addingTimeInterval(60), to: accounts, now: now)
            try await publishTheFirstDelivery(dueAt: now.addingTimeInterval(60), store)
            for minute in 2...4 {
                try await store.addPost("post \(minute)", due: now.addingTimeInterval(Double(minute) * 60), to: accounts.reversed(), now: now)
            }

            let days = try await store.upcoming(in: [DateInterval(start: now, duration: 86_400)], first: 1, countUpTo: 10)
            #expect(days[0].count == 4, "four posts with seven deliveries still to go")
        }
    }

    /// Claims the first delivery due at `at` and records it published, as the engine would.
    private func publishTheFirstDelivery(dueAt at: Date, _ store: any StoreInspection) async throws {
        let out = try #require(try await store.claimDue(now: at, limit: 1).claimed.first)
        try await store.recordPublished(out, attempt: attempt(at: at, status: 201), remoteID: "1", remoteURL: nil)
    }
}
