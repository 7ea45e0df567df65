import Connectors
import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Claims made ahead of the due time: posts coming due together are claimed in one durable commit, and none goes
/// out before its due time.
@Suite(.timeLimit(.minutes(1))) struct EngineClaimAheadTests {
    @Test func postsComingDueWithinTheLead_areClaimedTogether_andEachGoesOutNoEarlierThanItsDueTime() async throws {
        let harness = try EngineHarness { $0.claimAheadSeconds = 1.0 }
        let account = try await harness.addAccount("runner")
        // Far enough ahead that a loaded machine starting the engine slowly cannot land a first claim inside the spread.
        let first = Date().addingTimeInterval(2.5)
        var scheduled: [PostRecord] = []
        for index in 0..<5 {
            scheduled.append(try await harness.store.addPost("post \(index)", due: first.addingTimeInterval(Double(index) * 0.05), to: [account], now: Date()))
        }
        let posts = scheduled

        try await harness.running {
            harness.wake.signal()
            try await waitUntil { try await posts.asyncAllSatisfy { try await harness.state(ofPost: $0.id) == .published } }
        }

        for post in posts {
            let delivery = try await harness.store.delivery(ofPost: post.id)
            let attempt = try #require(try await harness.store.attempts(deliveryID: delivery.id).first)
            #expect(attempt.startedAt >= post.dueAt!.unixMilliseconds, "post \(post.id) went out \(post.dueAt!.unixMilliseconds - attempt.startedAt) ms early")
        }
        let claimTimes = try await harness.store.writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT DISTINCT first_claimed_at FROM delivery")
        }
        #expect(claimTimes.count == 1, "one claim for the five posts due within the lead")
    }

    @Test func aClaimMadeAhead_isGivenBackUntouched_whenTheDaemonStopsBeforeItsDueTime() async throws {
        let harness = try EngineHarness { $0.claimAheadSeconds = 5 }
        let account = try await harness.addAccount("runner")
        let post = try await harness.store.addPost("later", due: Date().addingTimeInterval(3), to: [account], now: Date())

        try await harness.running {
            harness.wake.signal()
            try await waitUntil { try await harness.state(ofPost: post.id) == .publishing }
        }

        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.state == .scheduled)
        #expect(delivery.attempts == 0)
        #expect(harness.connector.callCount == 0)
    }
}

extension Array where Element: Sendable {
    func asyncAllSatisfy(_ predicate: (Element) async throws -> Bool) async rethrows -> Bool {
        for element in self where try await !predicate(element) { return false }
        return true
    }
}
