import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore: DeliveryStore {
    /// The earliest due time of a waiting delivery to an active account, on this machine's clock.
    package func nextDueTime() async throws -> Date? {
        try await read { session in
            try await session.value("""
                SELECT d.next_attempt_at FROM delivery d JOIN account a ON a.id = d.account_id
                WHERE d.state IN ('scheduled', 'retrying') AND a.status = 'active' AND NOT a.paused
                  AND a.network NOT IN (SELECT network FROM network_pause)
                  AND NOT EXISTS (SELECT 1 FROM setting WHERE name = 'paused')
                ORDER BY d.next_attempt_at LIMIT 1
                """, as: Int64.self).map(localDate)
        }
    }

    /// The condition every change to a claimed delivery carries: it is still `publishing`, and still this daemon's.
    package var heldHere: String { "state = 'publishing' AND claimed_by = '\(identity.id)'" }

    package func recordLookUp(_ claim: ClaimedDelivery, attempt: AttemptRecord) async throws {
        try await write { session in try await insertAttempt(claim.deliveryID, attempt, session) }
    }

    package func recordRetry(_ claim: ClaimedDelivery, attempt: AttemptRecord, nextAttempt: Date, error: String, needsCheck: Bool) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            try await session.execute("""
                UPDATE delivery SET state = 'retrying', next_attempt_at = \(databaseMilliseconds(nextAttempt)), last_error = \(error),
                    claimed_at = NULL, claimed_by = NULL, lease_until = NULL, needs_check = \(needsCheck),
                    updated_at = \(databaseMilliseconds(attempt.finishedAt))
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere)
                """)
            try await session.notifyDueTimesChanged()
        }
    }

    package func recordFinalFailure(_ claim: ClaimedDelivery, attempt: AttemptRecord, state: DeliveryState, error: String) async throws {
        try await write { session in _ = try await endDelivery(claim, attempt: attempt, state: state, error: error, session) }
    }

    package func recordPermissionRefused(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws {
        try await write { session in
            guard try await endDelivery(claim, attempt: attempt, state: .failed, error: error, session) else { return }
            try await session.execute("""
                UPDATE account SET permission_refusals = permission_refusals + 1, permission_refusal = \(error),
                    permission_refused_since = coalesce(permission_refused_since, \(databaseMilliseconds(attempt.finishedAt)))
                WHERE id = \(claim.accountID)
                """)
        }
    }

    /// Ends a claimed delivery as `state` with its event; false when the claim was no longer this daemon's (nothing changed).
    private func endDelivery(_ claim: ClaimedDelivery, attempt: AttemptRecord, state: DeliveryState, error: String,
                             _ session: PostgresSession) async throws -> Bool {
        precondition(state == .failed || state == .unknown || state == .missed)
        try await insertAttempt(claim.deliveryID, attempt, session)
        let changed = try await session.rows("""
            UPDATE delivery SET state = \(state.rawValue), last_error = \(error), claimed_at = NULL, claimed_by = NULL, lease_until = NULL,
                needs_check = false, updated_at = \(databaseMilliseconds(attempt.finishedAt))
            WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere) RETURNING id
            """)
        guard !changed.isEmpty else { return false }
        try await insertEvent(DeliveryEvents.finalFailure(claim, state: state, error: error, at: attempt.finishedAt), session)
        return true
    }

    /// A post that went out proves the token may publish: the account's run of permission refusals ends.
    package static func clearPermissionRefusals(accountID: Int64, _ session: PostgresSession) async throws {
        try await session.execute("""
            UPDATE account SET permission_refusals = 0, permission_refusal = NULL, permission_refused_since = NULL
            WHERE id = \(accountID) AND permission_refusals > 0
            """)
    }

    /// The `SET` clauses that give a claim back as if it had never been made.
    package static let unclaimed = """
        state = CASE WHEN attempt_count > 1 THEN 'retrying' ELSE 'scheduled' END, attempt_count = attempt_count - 1,
        claimed_at = NULL, claimed_by = NULL, lease_until = NULL
        """

    package func deferClaims(_ deferrals: [(claim: ClaimedDelivery, until: Date)], now: Date) async throws {
        guard !deferrals.isEmpty else { return }
        try await write { session in
            // In id order, as every statement that changes several claims locks them.
            for (claim, until) in deferrals.sorted(by: { $0.claim.deliveryID < $1.claim.deliveryID }) {
                let at = databaseMilliseconds(until)
                try await session.execute("""
                    UPDATE delivery SET \(unescaped: Self.unclaimed), next_attempt_at = \(at), throttled_until = \(at),
                        updated_at = \(databaseMilliseconds(now))
                    WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere)
                    """)
            }
            try await session.notifyDueTimesChanged()
        }
    }

    package func releaseClaim(_ claim: ClaimedDelivery, now: Date) async throws {
        try await write { session in
            try await session.execute("""
                UPDATE delivery SET \(unescaped: Self.unclaimed), updated_at = \(databaseMilliseconds(now))
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere)
                """)
            try await session.notifyDueTimesChanged()
        }
    }

    /// `ids` nil: the claims of earlier daemons on this machine and state directory, which the state directory's
    /// lock proves are gone. Claims of daemons elsewhere wait for their lease to run out (``takeOverAbandonedClaims``).
    package func returnClaimsForChecking(_ ids: [Int64]?, now: Date, lookUpAt: Date, reason: String) async throws -> Int {
        if let ids, ids.isEmpty { return 0 }
        let me = identity
        return try await write { session in
            let selected: [Int64]
            if let ids {
                selected = try await session.rows("""
                    SELECT id FROM delivery WHERE id = ANY(\(ids)) AND state = 'publishing' AND claimed_by = \(me.id) FOR UPDATE
                    """).map { try $0["id"] as Int64 }
            } else {
                selected = try await session.rows("""
                    SELECT d.id FROM delivery d JOIN daemon m ON m.id = d.claimed_by
                    WHERE d.state = 'publishing' AND m.host = \(me.host) AND m.state_dir = \(me.stateDirectory) AND m.id != \(me.id)
                    FOR UPDATE OF d
                    """).map { try $0["id"] as Int64 }
            }
            return try await returnForChecking(selected, at: databaseMilliseconds(now), lookUpAt: databaseMilliseconds(lookUpAt),
                                               reason: reason, session)
        }
    }

    /// Puts `ids` (locked by the caller, still `publishing`) back in line to be looked up from `lookUpAt`, each with
    /// an `interrupted` attempt in its history.
    package func returnForChecking(_ ids: [Int64], at now: Int64, lookUpAt: Int64, reason: String, _ session: PostgresSession) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        try await session.execute("""
            INSERT INTO attempt (delivery_id, started_at, finished_at, outcome, error_class)
            SELECT id, coalesce(claimed_at, \(now)), \(now), 'interrupted', 'uncertain' FROM delivery WHERE id = ANY(\(ids))
            """)
        let changed = try await session.rows("""
            UPDATE delivery SET state = 'retrying', needs_check = true, claimed_at = NULL, claimed_by = NULL, lease_until = NULL,
                next_attempt_at = \(lookUpAt), updated_at = \(now), last_error = \(reason)
            WHERE id = ANY(\(ids)) AND state = 'publishing' RETURNING id
            """)
        try await session.notifyDueTimesChanged()
        return changed.count
    }

    package func publishingClaims() async throws -> [(id: Int64, claimedAt: Date)] {
        let me = identity.id
        return try await read { session in
            try await session.rows("SELECT id, claimed_at FROM delivery WHERE state = 'publishing' AND claimed_by = \(me)").map {
                (id: try $0["id"], claimedAt: localDate((try $0["claimed_at"] as Int64?) ?? 0))
            }
        }
    }

    /// Claims whose lease ran out (on the database's clock): looked up from the lease's end plus `inFlightWindow`.
    /// A claim with no lease at all (no daemon makes one; a hand edit could) is abandoned too, looked up from now
    /// plus the window: left out, it would stay `publishing` for ever. (`store copy` gives a claim it copies a lease of 0.)
    package func takeOverAbandonedClaims(inFlightWindow: TimeInterval, reason: String) async throws -> Int {
        let window = Int64(inFlightWindow * 1000)
        return try await write { session in
            let expired = try await session.rows("""
                SELECT id, lease_until FROM delivery
                WHERE state = 'publishing' AND (lease_until IS NULL OR lease_until < schedulerd_now_ms())
                ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED
                """)
            guard !expired.isEmpty else { return 0 }
            let now = try await session.value("SELECT schedulerd_now_ms()", as: Int64.self) ?? 0
            var taken = 0
            // Grouped by lease end, so each is looked up from its own lease's end plus the window.
            var byLease: [Int64: [Int64]] = [:]
            for row in expired { byLease[(try row["lease_until"] as Int64?) ?? now, default: []].append(try row["id"]) }
            for (leaseEnd, ids) in byLease {
                taken += try await returnForChecking(ids, at: now, lookUpAt: leaseEnd + window, reason: reason, session)
            }
            return taken
        }
    }

    package func recordLookAgain(_ claim: ClaimedDelivery, attempt: AttemptRecord, lookAgainAt: Date, note: String) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            try await session.execute("""
                UPDATE delivery SET state = 'retrying', next_attempt_at = \(databaseMilliseconds(lookAgainAt)), last_error = \(note),
                    claimed_at = NULL, claimed_by = NULL, lease_until = NULL, needs_check = true, attempt_count = attempt_count - 1,
                    updated_at = \(databaseMilliseconds(attempt.finishedAt))
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere)
                """)
            try await session.notifyDueTimesChanged()
        }
    }

    package func recordNeedsRelink(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String, needsCheck: Bool) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            let finished = databaseMilliseconds(attempt.finishedAt)
            try await session.execute("""
                UPDATE delivery SET state = 'retrying', next_attempt_at = \(finished), last_error = \("waiting for the account to be relinked: \(error)"),
                    claimed_at = NULL, claimed_by = NULL, lease_until = NULL, needs_check = \(needsCheck), updated_at = \(finished)
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere)
                """)
            try await markNeedsRelink(accountID: claim.accountID, reason: error, at: attempt.finishedAt, session)
        }
    }

    package func recentPublishCounts(since: Date) async throws -> [(accountID: Int64, network: Network, count: Int)] {
        try await read { session in
            try await session.rows("""
                SELECT d.account_id, a.network, count(*) AS n FROM attempt t
                JOIN delivery d ON d.id = t.delivery_id JOIN account a ON a.id = d.account_id
                WHERE t.started_at >= \(databaseMilliseconds(since)) AND (t.outcome = 'published' OR t.error_class = 'uncertain')
                GROUP BY d.account_id, a.network
                """).compactMap { row in
                guard let network = Network(rawValue: try row["network"]) else { return nil }
                return (accountID: try row["account_id"] as Int64, network: network, count: Int(try row["n"] as Int64))
            }
        }
    }

    /// An attempt is a fact about the network (a request went out): logged even when the claim was lost meanwhile.
    package func insertAttempt(_ deliveryID: Int64, _ attempt: AttemptRecord, _ session: PostgresSession) async throws {
        try await session.execute("""
            INSERT INTO attempt (delivery_id, started_at, finished_at, http_status, outcome, error_class, excerpt, part)
            VALUES (\(deliveryID), \(databaseMilliseconds(attempt.startedAt)), \(databaseMilliseconds(attempt.finishedAt)),
                    \(attempt.httpStatus.map(Int32.init)), \(attempt.outcome), \(attempt.errorClass), \(attempt.excerpt),
                    \(attempt.part.map { Int32(clamping: $0) }))
            """)
    }
}
