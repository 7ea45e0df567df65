import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Synchronization
import Testing
@testable import Scheduler

/// Claiming due deliveries: only what is due, only once, and `missed` past the lateness limit.
@Suite struct StoreClaimTests {
    let now = referenceNow

    @Test(arguments: StoreBackend.allCases)
    func claimDue_returnsOnlyDueDeliveriesOfActiveAccounts(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let active = try await store.addAccount("runner")
            let relink = try await store.addAccount("stale")
            let due = try await store.addPost("due", due: now.addingTimeInterval(-10), to: [active])
            try await store.addPost("later", due: now.addingTimeInterval(60), to: [active])
            try await store.addPost("held back", due: now.addingTimeInterval(-10), to: [relink])
            try await store.setStatus(.needsRelink, accountID: relink.id)

            let (claimed, missed) = try await store.claimDue(now: now, limit: 10)

            #expect(missed == 0)
            #expect(claimed.map(\.postID) == [due.id])
            let claim = try #require(claimed.first)
            #expect(claim.text == "due")
            #expect(claim.accountID == active.id)
            #expect(claim.handle == "runner")
            #expect(claim.network == .x)
            #expect(claim.attempt == 1)
            #expect(claim.dueAt == now.addingTimeInterval(-10))
            #expect(claim.sendAt == now.addingTimeInterval(-10))
            #expect(claim.sealedCredentials != nil)
            #expect(claim.sealedCredentials == (try await store.sealedCredentials(accountID: active.id)), "read in the claim, not again")
            let delivery = try await store.delivery(ofPost: due.id)
            #expect(delivery.state == .publishing)
            #expect(delivery.attempts == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_ahead_claimsWhatComesDueWithinTheLead_withWhenEachIsDue_andNothingLater(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let soon = try await store.addPost("soon", due: now.addingTimeInterval(0.04), to: [account])
            try await store.addPost("later", due: now.addingTimeInterval(0.2), to: [account])

            let (claimed, missed) = try await store.claimDue(now: now, ahead: 0.05, limit: 10)

            #expect(missed == 0)
            #expect(claimed.map(\.postID) == [soon.id])
            #expect(claimed.first?.sendAt == now.addingTimeInterval(0.04))
            #expect(try await store.claimDue(now: now, limit: 10).claimed.isEmpty, "without a lead, nothing is due yet")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_inABurst_neverTakesADeliveryPastItsLatenessLimit_andMarksItMissedWithinASecond(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let onTime = try await store.addPost("on time", due: now.addingTimeInterval(-5), to: [account])
            try await store.addPost("also on time", due: now.addingTimeInterval(-4), to: [account])
            let late = try await store.addPost("late", due: now.addingTimeInterval(-120), to: [account], lateness: 60, now: now.addingTimeInterval(-200))

            // A full claim (a burst) sweeps for late ones at most once a second; the late one is neither claimed nor
            // yet marked by the claims in between.
            let first = try await store.claimDue(now: now, limit: 1)
            #expect(first.missed == 1, "the first claim sweeps")
            #expect(first.claimed.map(\.postID) == [onTime.id])
            #expect(try await store.delivery(ofPost: late.id).state == .missed)

            let lateToo = try await store.addPost("late too", due: now.addingTimeInterval(-120), to: [account], lateness: 60,
                                                  now: now.addingTimeInterval(-200))
            let second = try await store.claimDue(now: now.addingTimeInterval(0.5), limit: 5)
            #expect(second.missed == 0, "no sweep within a second of the last, after a full claim")
            #expect(!second.claimed.map(\.postID).contains(lateToo.id), "but never claimed past its limit")
            #expect(try await store.delivery(ofPost: lateToo.id).state == .scheduled)

            let third = try await store.claimDue(now: now.addingTimeInterval(0.6), limit: 5)
            #expect(third.missed == 1, "the last claim was not full: it sweeps")
            #expect(try await store.delivery(ofPost: lateToo.id).state == .missed)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_usesThePerAccountTextOverride(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let time = ScheduleTime(instant: now, zoneIdentifier: "UTC", wallClock: "x")
            _ = try await store.insertPost(NewPost(text: "general", time: time, latenessLimitSeconds: 60,
                                                   targets: [.init(accountID: account.id, textOverride: "just for X")]), now: now)

            let (claimed, _) = try await store.claimDue(now: now, limit: 10)

            #expect(claimed.map(\.text) == ["just for X"])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_calledAgain_doesNotReturnWhatIsAlreadyClaimed(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            try await store.addPost(due: now, to: [account])

            let first = try await store.claimDue(now: now, limit: 10)
            let second = try await store.claimDue(now: now.addingTimeInterval(1), limit: 10)

            #expect(first.claimed.count == 1)
            #expect(second.claimed.isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_respectsTheLimitAndTakesTheEarliestFirst(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let late = try await store.addPost("c", due: now.addingTimeInterval(-1), to: [account])
            let early = try await store.addPost("a", due: now.addingTimeInterval(-3), to: [account])
            let middle = try await store.addPost("b", due: now.addingTimeInterval(-2), to: [account])

            let (claimed, _) = try await store.claimDue(now: now, limit: 2)

            #expect(claimed.map(\.postID) == [early.id, middle.id])
            #expect(try await store.delivery(ofPost: late.id).state == .scheduled)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_retryingDeliveryIncrementsTheAttemptCount(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let post = try await store.addPost(due: now, to: [account])
            let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
            try await store.recordRetry(claim, attempt: attempt(at: now, status: 503, outcome: "error", errorClass: "retryable"),
                                        nextAttempt: now.addingTimeInterval(30), error: "X: Service Unavailable")

            #expect(try await store.claimDue(now: now.addingTimeInterval(29), limit: 1).claimed.isEmpty)
            let second = try #require(try await store.claimDue(now: now.addingTimeInterval(30), limit: 1).claimed.first)

            #expect(second.attempt == 2)
            #expect(try await store.delivery(ofPost: post.id).attempts == 2)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_whenPastTheLatenessLimit_marksTheDeliveryMissedAndCountsIt(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let stale = try await store.addPost("stale", due: now.addingTimeInterval(-601), to: [account], lateness: 600)
            let edge = try await store.addPost("edge", due: now.addingTimeInterval(-600), to: [account], lateness: 600)

            let (claimed, missed) = try await store.claimDue(now: now, limit: 10)

            #expect(missed == 1)
            #expect(claimed.map(\.postID) == [edge.id])
            let delivery = try await store.delivery(ofPost: stale.id)
            #expect(delivery.state == .missed)
            #expect(delivery.error?.contains("lateness limit") == true)
            #expect(delivery.attempts == 0)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_missesLateDeliveriesOfInactiveAccountsToo(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let post = try await store.addPost(due: now.addingTimeInterval(-7_200), to: [account], lateness: 60)
            try await store.setStatus(.needsRelink, accountID: account.id)

            let (claimed, missed) = try await store.claimDue(now: now, limit: 10)

            #expect(claimed.isEmpty)
            #expect(missed == 1)
            #expect(try await store.delivery(ofPost: post.id).state == .missed)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func claimDue_whenARetryFallsPastTheLatenessLimit_marksItMissedKeepingTheLastError(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let post = try await store.addPost(due: now, to: [account], lateness: 60)
            let (claimed, _) = try await store.claimDue(now: now, limit: 10)
            let claim = try #require(claimed.first)
            let attempt = AttemptRecord(startedAt: now, finishedAt: now, httpStatus: 503, outcome: "error", errorClass: "retryable")
            try await store.recordRetry(claim, attempt: attempt, nextAttempt: now.addingTimeInterval(120), error: "X: Service Unavailable")

            let (later, missed) = try await store.claimDue(now: now.addingTimeInterval(120), limit: 10)

            #expect(later.isEmpty, "a retry past the lateness limit is not sent")
            #expect(missed == 1)
            let delivery = try await store.delivery(ofPost: post.id)
            #expect(delivery.state == .missed)
            #expect(delivery.error?.contains("X: Service Unavailable") == true)
        }
    }

    // SQLite only: two stores on one database file. Two daemons claiming together on one PostgreSQL database are
    // SharedStoreClaimTests.twoDaemonsClaimingTogether_neverClaimTheSameDelivery.
    @Test func claimDue_whenTwoWorkersRaceOnOneFile_neverReturnsTheSameDeliveryTwice() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        let setup = try SQLiteStore.open(path: path)
        let accounts = [try await setup.addAccount("a"), try await setup.addAccount("b")]
        for index in 0..<60 {
            try await setup.addPost("post \(index)", due: now.addingTimeInterval(-Double(index % 7)), to: accounts)
        }
        let workers = [try SQLiteStore.open(path: path), try SQLiteStore.open(path: path)]
        let now = self.now

        let perWorker = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for worker in workers {
                group.addTask {
                    var ids: [Int64] = []
                    while true {
                        let (claimed, _) = try await worker.claimDue(now: now, limit: 7)
                        if claimed.isEmpty { return ids }
                        ids += claimed.map(\.deliveryID)
                    }
                }
            }
            return try await group.reduce(into: [[Int64]]()) { $0.append($1) }
        }

        let all = perWorker.flatMap { $0 }
        #expect(all.count == 120)
        #expect(Set(all).count == 120)
        #expect(try await setup.deliveryCount(in: .publishing) == 120)
    }

    @Test(arguments: StoreBackend.allCases)
    func nextDueTime_ignoresFinishedDeliveriesAndInactiveAccounts(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let active = try await store.addAccount("runner")
            let inactive = try await store.addAccount("stale")
            try await store.addPost("inactive, earliest", due: now.addingTimeInterval(10), to: [inactive])
            try await store.setStatus(.needsRelink, accountID: inactive.id)
            let published = try await store.addPost("published", due: now.addingTimeInterval(20), to: [active])
            let cancelled = try await store.addPost("cancelled", due: now.addingTimeInterval(30), to: [active])
            try await store.addPost("next", due: now.addingTimeInterval(40), to: [active])
            let claim = try #require(try await store.claimDue(now: now.addingTimeInterval(20), limit: 1).claimed.first)
            #expect(claim.postID == published.id)
            try await store.recordPublished(claim, attempt: attempt(at: now.addingTimeInterval(20)), remoteID: "1", remoteURL: nil)
            _ = try await store.cancelPost(id: cancelled.id, now: now)

            #expect(try await store.nextDueTime() == now.addingTimeInterval(40))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func nextDueTime_whenNothingWaits_isNil(_ backend: StoreBackend) async throws {
        try await backend.withStore { store async throws in
            #expect(try await store.nextDueTime() == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func nextDueTime_includesRetryTimes(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            try await store.addPost(due: now, to: [account])
            let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
            try await store.recordRetry(claim, attempt: attempt(at: now), nextAttempt: now.addingTimeInterval(90), error: "later")

            #expect(try await store.nextDueTime() == now.addingTimeInterval(90))
        }
    }

    // MARK: The due query reads the partial index (SQLite only)

    // SQLite only: these read SQLite's query plans of the statements the store ran (traced through GRDB). PostgreSQL's
    // planner chooses by table statistics and scans a table of a few rows sequentially whatever the indexes.

    @Test func claimDue_findsDueDeliveriesThroughTheDeliveryDueIndex() async throws {
        let store = try SQLiteStore.inMemory()
        let account = try await store.addAccount("runner")
        try await store.addPost(due: now, to: [account])
        let statements = try await capturedStatements(store) { _ = try await store.claimDue(now: now, limit: 5) }
        let claim = try #require(statements.first { $0.hasPrefix("UPDATE delivery SET state = 'publishing'") })

        let plan = try await queryPlan(store, claim)

        #expect(plan.contains { $0.contains("delivery_due") }, "\(plan)")
    }

    @Test func nextDueTime_readsTheDeliveryDueIndex() async throws {
        let store = try SQLiteStore.inMemory()
        let account = try await store.addAccount("runner")
        try await store.addPost(due: now, to: [account])
        let statements = try await capturedStatements(store) { _ = try await store.nextDueTime() }
        let next = try #require(statements.first { $0.contains("ORDER BY d.next_attempt_at LIMIT 1") })

        let plan = try await queryPlan(store, next)

        #expect(plan.contains { $0.contains("delivery_due") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "the index gives the order: \(plan)")
    }

    /// The SQL `operation` runs on the store's connection, with its arguments inlined.
    private func capturedStatements(_ store: SQLiteStore, _ operation: () async throws -> Void) async throws -> [String] {
        let sink = StatementSink()
        try await store.writer.writeWithoutTransaction { db in
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event { sink.append(statement.expandedSQL) }
            }
        }
        try await operation()
        try await store.writer.writeWithoutTransaction { db in db.trace(options: .statement, nil) }
        return sink.statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    private func queryPlan(_ store: SQLiteStore, _ sql: String) async throws -> [String] {
        try await store.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(sql)").map { $0["detail"] as String }
        }
    }
}

/// Collects traced SQL from the database connection's thread.
private final class StatementSink: Sendable {
    private let log = Mutex<[String]>([])
    func append(_ sql: String) { log.withLock { $0.append(sql) } }
    var statements: [String] { log.withLock { $0 } }
}
