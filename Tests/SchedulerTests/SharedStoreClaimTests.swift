import Foundation
import PostgresTestCluster
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Several daemons on one PostgreSQL database: claims are never shared, a dead daemon's claims are taken over
/// as a crash's (looked up first, after its lease and a request's flight), and time is the database's.
@Suite struct SharedStoreClaimTests {
    @Test func twoDaemonsClaimingTogether_neverClaimTheSameDelivery() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let posts = try await withPostgresStore(on: database) { store in
            let account = try await store.addAccount("runner")
            for index in 0..<120 { try await store.addPost("post \(index)", due: Date().addingTimeInterval(-1), to: [account]) }
            return 120
        }
        let claimedByEach = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    try await withPostgresStore(on: database) { store in
                        var mine: [Int64] = []
                        while true {
                            let batch = try await store.claimDue(now: Date(), limit: 7).claimed
                            if batch.isEmpty { return mine }
                            mine += batch.map(\.deliveryID)
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(claimedByEach.count == 2)
        let all = claimedByEach.flatMap { $0 }
        #expect(all.count == posts, "every delivery claimed once")
        #expect(Set(all).count == all.count, "no delivery claimed by both daemons")
        // Which daemon takes how many is up to the machine (under load one may claim them all before the other starts).
    }

    @Test func publishedOutcomesWrittenTogether_areEachStored_andOneThatCannotBe_failsAlone() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database) { store in
            let account = try await store.addAccount("runner")
            for index in 0..<12 { try await store.addPost("post \(index)", due: Date().addingTimeInterval(-1), to: [account]) }
            let claims = try await store.claimDue(now: Date(), limit: 12).claimed
            #expect(claims.count == 12)
            var ghost = try #require(claims.first)
            ghost.deliveryID = 999_999
            let attempt = AttemptRecord(startedAt: Date(), finishedAt: Date(), httpStatus: 201, outcome: "published")
            let stored = await withTaskGroup(of: (Int64, Bool).self) { group in
                for claim in claims + [ghost] {
                    group.addTask {
                        let written = (try? await store.recordPublished(claim, attempt: attempt, remoteID: "r\(claim.deliveryID)", remoteURL: nil,
                                                                         found: false)) != nil
                        return (claim.deliveryID, written)
                    }
                }
                return await group.reduce(into: [Int64: Bool]()) { $0[$1.0] = $1.1 }
            }
            #expect(stored[999_999] == false, "an attempt for a delivery that does not exist cannot be stored")
            #expect(claims.allSatisfy { stored[$0.deliveryID] == true }, "the writes beside it are stored")
            let counts = try await PostgresCluster.shared().psql("""
                SELECT (SELECT count(*) FROM delivery WHERE state = 'published' AND remote_id = 'r' || id),
                       (SELECT count(*) FROM event WHERE kind = 'published'), (SELECT count(*) FROM attempt)
                """, database: database.name)
            #expect(counts.trimmingCharacters(in: .whitespacesAndNewlines) == "12|12|12", "each published once, with one event and one attempt")
        }
    }

    @Test func aClaim_recordsItsDaemonAndALeaseOnTheDatabaseClock() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database, lease: 15) { store in
            let account = try await store.addAccount("runner")
            try await store.addPost(due: Date().addingTimeInterval(-1), to: [account])
            _ = try await store.claimDue(now: Date(), limit: 10)
            let row = try await PostgresCluster.shared().psql("""
                SELECT claimed_by, lease_until - schedulerd_now_ms() BETWEEN 10000 AND 15500 FROM delivery
                """, database: database.name)
            #expect(row.trimmingCharacters(in: .whitespacesAndNewlines) == "\(store.identity.id)|t")
            #expect(store.claimsAreHeld)
        }
    }

    @Test func aDaemonThatStopsRenewing_hasItsClaimsTakenOver_lookedUpFirst_afterItsLeaseAndARequestsFlight() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        // Long enough that the survivor below starts inside it even on a loaded machine (3 s was not, in a fresh clone).
        let lease = 8.0
        let claimedAt = Date()
        let claim = try await withPostgresStore(on: database, lease: lease) { store in
            let account = try await store.addAccount("runner")
            try await store.addPost(due: Date().addingTimeInterval(-1), to: [account])
            return try #require(try await store.claimDue(now: Date(), limit: 10).claimed.first)
        }
        // The first daemon is gone without giving its claim back (as after SIGKILL or a lost machine).
        try await withPostgresStore(on: database, lease: lease) { survivor in
            // Asked while the lease surely runs (the claim was made after `claimedAt`), nothing is taken over.
            if Date() < claimedAt.addingTimeInterval(lease) {
                #expect(try await survivor.takeOverAbandonedClaims(inFlightWindow: 60, reason: "taken over") == 0, "its lease still runs")
            }
            var taken = 0
            await waitUntil(timeout: .seconds(30)) {
                taken += (try? await survivor.takeOverAbandonedClaims(inFlightWindow: 60, reason: "taken over")) ?? 0
                return taken == 1
            }
            let delivery = try await survivor.delivery(ofPost: claim.postID)
            #expect(delivery.state == .retrying)
            #expect(delivery.lookUpFirst == true, "looked up on the network before anything is sent again")
            let lookUpAt = try #require(delivery.nextAttemptAt)
            #expect(lookUpAt.timeIntervalSince(claimedAt) >= lease + 60 - 1, "not before the lease's end plus the request's flight (\(lookUpAt))")
            #expect(try await survivor.attempts(deliveryID: claim.deliveryID).map(\.outcome) == ["interrupted"])
            #expect(delivery.error == "taken over")

            // An outcome recorded for the old claim changes nothing: the claim is no longer that daemon's.
            try await survivor.recordPublished(claim, attempt: attempt(at: Date()), remoteID: "late", remoteURL: nil, found: false)
            #expect(try await survivor.delivery(ofPost: claim.postID).state == .retrying)
        }
    }

    @Test func aRestartOnTheSameStateDirectory_returnsItsPredecessorsClaimsAtOnce_butNotAnotherDaemons() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let claimedHere = try await withPostgresStore(on: database, stateDirectory: "/state/one") { store in
            let account = try await store.addAccount("runner")
            try await store.addPost(due: Date().addingTimeInterval(-1), to: [account])
            return try await store.claimDue(now: Date(), limit: 10).claimed.count
        }
        #expect(claimedHere == 1)
        try await withPostgresStore(on: database, stateDirectory: "/state/two") { (elsewhere: PostgresStore) async throws in
            #expect(try await elsewhere.returnClaimsForChecking(nil, now: Date(), lookUpAt: Date(), reason: "restart") == 0)
        }
        try await withPostgresStore(on: database, stateDirectory: "/state/one") { (restarted: PostgresStore) async throws in
            #expect(try await restarted.returnClaimsForChecking(nil, now: Date(), lookUpAt: Date(), reason: "restart") == 1)
        }
    }

    @Test func daemonsWhoseClocksDrift_claimByTheDatabasesClock() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        // This machine's clock runs an hour fast; the engine's `now` comes from it.
        let skew: TimeInterval = 3_600
        try await withPostgresStore(on: database, localClock: { Date().addingTimeInterval(skew) }) { store in
            let account = try await store.addAccount("runner")
            try await store.addPost("due now", due: Date().addingTimeInterval(-1), to: [account])
            try await store.addPost("due in ten minutes", due: Date().addingTimeInterval(600), to: [account])
            let claimed = try await store.claimDue(now: Date().addingTimeInterval(skew), limit: 10).claimed
            #expect(claimed.map(\.text) == ["due now"], "the fast clock does not send a post ten minutes early")
            let next = try #require(try await store.nextDueTime())
            #expect(abs(next.timeIntervalSinceNow - skew - 600) < 5, "the next due time is on this machine's (fast) clock")
        }
    }

    @Test func changesAtOneDaemon_wakeTheOthersEngine() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let wake = WakeSignal()
        try await withPostgresStore(on: database, wake: wake) { listening in
            try await withPostgresStore(on: database) { scheduling in
                let account = try await scheduling.addAccount("runner")
                // Listening: the listener wakes the engine once when it connects, to re-read what it missed.
                await waitUntil { await woke(wake, within: .seconds(1)) }
                try await scheduling.addPost(due: Date().addingTimeInterval(60), to: [account])
                #expect(await woke(wake, within: .seconds(10)), "NOTIFY at commit reached the other daemon")
            }
        }
    }
}

/// Whether `signal` fires within `timeout`.
private func woke(_ signal: WakeSignal, within timeout: Duration) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask {
            await signal.wait(until: nil)
            return !Task.isCancelled
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}
