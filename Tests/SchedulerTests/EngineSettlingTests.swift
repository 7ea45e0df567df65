import Connectors
import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerServices
import Synchronization
import Testing
@testable import Scheduler

/// Never twice under real timing: a request whose answer never came may still land, a listing may lag,
/// and the store may refuse a write after the network accepted the post.
@Suite(.timeLimit(.minutes(1))) struct EngineSettlingTests {
    static let settling = SettlingTimes(requestTimeout: 0.6, inFlightMargin: 0.3, listingLag: 0.4)

    @Test func aClaimLeftByAStoppedDaemon_isLookedUpOnlyOnceARequestItSentCanNoLongerLand() async throws {
        let harness = try EngineHarness { $0.settling = Self.settling }
        harness.connector.script(lookUp: .found(4))
        let account = try await harness.addAccount("runner")
        let post = try await harness.store.addPost("hello", due: Date().addingTimeInterval(-1), to: [account], now: Date())
        #expect(try await harness.store.claimDue(now: Date(), limit: 1).claimed.count == 1, "left publishing, as a SIGKILL leaves it")
        let started = Date()

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        let lookedAt = try #require(harness.connector.lookUpTimes.first)
        #expect(lookedAt >= started.addingTimeInterval(0.9 - 0.01), "not before start + request timeout + margin")
        #expect(harness.connector.callCount == 0, "found, so never sent again")
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(try await harness.store.attempts(deliveryID: delivery.id).map(\.outcome) == ["interrupted", "found"])
    }

    @Test func anUncertainAnswer_waitsForTheRequestToSettle_andShowSaysSo() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .uncertain, message: "X answered 504 Gateway Timeout", httpStatus: 504))) {
            $0.settling = Self.settling
            $0.retry.baseSeconds = 0.05
        }
        harness.connector.script(lookUp: .found(2))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .retrying }
            let waiting = try await harness.store.delivery(ofPost: post.id)
            let failedAt = Date(unixMilliseconds: try #require(try await harness.store.attempts(deliveryID: waiting.id).first?.finishedAt))
            #expect(waiting.lookUpFirst == true)
            #expect(try #require(waiting.nextAttemptAt) >= failedAt.addingTimeInterval(0.9 - 0.002), "the retry policy alone would say 0.05 s")
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
            #expect(try #require(harness.connector.lookUpTimes.first) >= failedAt.addingTimeInterval(0.9 - 0.01))
        }

        #expect(harness.connector.callCount == 1, "published once: the look-up found the first request's post")
    }

    /// Issue 46: the wait before a look-up is a wall-clock due time, and a wall clock stepped forward an hour made it
    /// nothing: the look-up came before the request in doubt could land. It is held on the boot-time clock too, and the
    /// step is logged.
    @Test func aWallClockSteppedForward_doesNotShortenTheWaitBeforeALookUp_andIsLogged() async throws {
        let offset = Mutex<TimeInterval>(0)
        let harness = try EngineHarness(.fail(ConnectorError(code: .uncertain, message: "X answered 504 Gateway Timeout", httpStatus: 504)),
                                        clock: WallClock { Date().addingTimeInterval(offset.withLock { $0 }) }) {
            $0.settling = Self.settling
            $0.retry.baseSeconds = 0.05
        }
        harness.connector.script(lookUp: .found(2))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .retrying }
            let waiting = try await harness.store.delivery(ofPost: post.id)
            let failedAt = Date(unixMilliseconds: try #require(try await harness.store.attempts(deliveryID: waiting.id).first?.finishedAt))
            offset.withLock { $0 = 3_600 }
            harness.wake.signal()
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
            let lookedAt = try #require(harness.connector.lookUpTimes.first)
            #expect(lookedAt.timeIntervalSince(failedAt) >= 0.9 - 0.05,
                    "looked up \(lookedAt.timeIntervalSince(failedAt)) s after the answer in doubt; the request could land for 0.9 s")
        }
        #expect(harness.connector.callCount == 1, "found by the look-up, never sent again")
        #expect(harness.log.all.contains { $0.level == .warning && $0.message.contains("the wall clock stepped forward by 3600 s") },
                "\(harness.log.all.map(\.message))")
    }

    @Test func aDuplicateRefusalAfterAnAnswerInDoubt_isLookedUpAgain_notFailed() async throws {
        var duplicate = ConnectorError(code: .permanent, message: "X: You are not allowed to create a Tweet with duplicate content.", httpStatus: 403)
        duplicate.duplicateContent = true
        let harness = try EngineHarness {
            $0.settling = Self.settling
            $0.retry.baseSeconds = 0.05
        }
        // The first request's answer is lost; both look-ups miss the post (the listing lags); the resend is refused as a
        // copy of the post that is there; the next look-up finds it.
        harness.connector.script(publishes: [.fail(ConnectorError(code: .uncertain, message: "no answer")), .fail(duplicate)])
        harness.connector.script(lookUps: [.absent, .absent, .found(1)])
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil(timeout: .seconds(20)) { try await harness.state(ofPost: post.id) == .published }
        }

        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.remoteId == "remote-1", "found by the look-up after the refusal")
        #expect(harness.connector.callCount == 2, "sent twice (the second refused), never a third time")
    }

    @Test func aDuplicateRefusalWithNothingInDoubt_failsTheDelivery() async throws {
        var duplicate = ConnectorError(code: .permanent, message: "X: You are not allowed to create a Tweet with duplicate content.", httpStatus: 403)
        duplicate.duplicateContent = true
        let harness = try EngineHarness(.fail(duplicate))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .failed }
        }
        #expect(harness.connector.lookUps.isEmpty)
    }

    @Test func aPostTheListingShowsOnlyAfterItsLag_isFoundOnTheSecondLook_notSentAgain() async throws {
        let harness = try EngineHarness { $0.settling = Self.settling }
        harness.connector.script(lookUps: [.absent, .found(9)])
        let account = try await harness.addAccount("runner")
        let post = try await harness.store.addPost("hello", due: Date().addingTimeInterval(-1), to: [account], now: Date())
        _ = try await harness.store.claimDue(now: Date(), limit: 1)

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 0)
        let times = harness.connector.lookUpTimes
        // Required, not expected: a third look would be a failure to report, not an index to read past and crash on.
        try #require(times.count == 2, "two looks: \(times)")
        #expect(times[1].timeIntervalSince(times[0]) >= 0.4 - 0.01, "the second look waited out the listing lag")
        #expect(try await harness.store.delivery(ofPost: post.id).remoteId == "remote-9")
        #expect(harness.log.contains("delivery found on the network after its listing lag"))
    }

    @Test func aStoreThatRefusesTheOutcome_keepsIt_andStoresItOnceTheStoreRecovers_withoutSendingAgain() async throws {
        let harness = try EngineHarness()
        let account = try await harness.addAccount("runner")
        // A real SQLite failure on exactly the write that records the publish (as a full disk would fail it).
        try await harness.store.writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse_published BEFORE UPDATE OF state ON delivery WHEN NEW.state = 'published'
                BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
                """)
        }
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            await waitUntil { harness.connector.callCount == 1 && harness.engine.outcomesWaitingForTheStore == 1 }
            await waitUntil { harness.log.all.filter { $0.message == "store write failed; the outcome is kept and written again" }.count >= 3 }
            #expect(try await harness.state(ofPost: post.id) == .publishing, "held by its task, not given back")
            try await harness.store.writer.write { db in try db.execute(sql: "DROP TRIGGER refuse_published") }
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 1, "never sent again")
        #expect(harness.connector.lookUps.isEmpty, "the outcome was known all along")
        #expect(harness.engine.outcomesWaitingForTheStore == 0)
        #expect(try await harness.store.delivery(ofPost: post.id).remoteId == "remote-1")
    }

    @Test func aClaimWithNoPublishBehindIt_isReturnedAndLookedUp_whileTheDaemonRuns() async throws {
        let harness = try EngineHarness { $0.maxSleepSeconds = 0.2 }
        harness.connector.script(lookUp: .found(5))
        let account = try await harness.addAccount("runner")

        try await harness.running {
            // Once a first post went out, the engine's start-up recovery is over.
            let first = try await harness.addDuePost("first", to: [account])
            try await waitUntil { try await harness.state(ofPost: first.id) == .published }
            // A claim no task holds (as a lost publish would leave it), on a post not due for an hour, so the engine
            // would not claim it itself.
            let post = try await harness.store.addPost("hello", due: Date().addingTimeInterval(3_600), to: [account], now: Date())
            try await harness.store.writer.write { db in
                try db.execute(sql: "UPDATE delivery SET state = 'publishing', claimed_at = ?, attempt_count = 1 WHERE post_id = ?",
                               arguments: [Date().unixMilliseconds, post.id])
            }
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
            let delivery = try await harness.store.delivery(ofPost: post.id)
            #expect(try await harness.store.attempts(deliveryID: delivery.id).map(\.outcome) == ["interrupted", "found"])
        }

        #expect(harness.connector.callCount == 1, "the first post only: the orphan was found, not sent")
        #expect(harness.log.contains("claims with no publish behind them will be looked up on their networks before any retry"))
    }
}
