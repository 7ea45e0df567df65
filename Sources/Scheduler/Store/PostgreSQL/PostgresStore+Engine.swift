import Connectors
import Foundation
import PostgresNIO
import SchedulerCore

extension PostgresStore: DeliveryStore {
    /// The earliest due time of a waiting delivery to an active account, on this machine's clock.
    public func nextDueTime() async throws -> Date? {
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

    /// As the SQLite store's, across daemons: due rows are locked with `FOR UPDATE SKIP LOCKED` inside a CTE, so
    /// `LIMIT` locks no more rows than it claims and two daemons never claim the same delivery; each claim records
    /// this daemon and a lease. "Due" and "late" are decided on the database's clock: `now` is moved onto it with the
    /// offset measured at each lease renewal, so every daemon claims by the same clock however its own drifts.
    public func claimDue(now: Date, ahead: TimeInterval, limit: Int) async throws -> (claimed: [ClaimedDelivery], missed: Int) {
        let me = identity.id
        let leaseMilliseconds = Int64(settings.leaseSeconds * 1000)
        return try await write { session in
            let databaseNow = databaseMilliseconds(now)
            // As on SQLite: the claim below never takes a delivery past its lateness limit, and this sweep, which visits
            // every waiting delivery that is due, runs once a second while claims come back full (a burst).
            let missed = try await markMissed(now: databaseNow, session)
            if try await Self.isPausedEverywhere(session) { return ([], missed) }
            let ids = try await session.rows("""
                WITH due AS (
                    SELECT d.id FROM delivery d JOIN account a ON a.id = d.account_id JOIN post p ON p.id = d.post_id
                    WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= \(databaseNow + Int64((ahead * 1000).rounded()))
                      AND a.status = 'active'
                      AND NOT a.paused AND a.network NOT IN (SELECT network FROM network_pause)
                      AND NOT (\(unescaped: Self.pastLatenessLimit(now: databaseNow)))
                    ORDER BY d.next_attempt_at LIMIT \(Int64(limit))
                    FOR UPDATE OF d SKIP LOCKED
                )
                UPDATE delivery SET state = 'publishing', claimed_at = \(databaseNow), claimed_by = \(me),
                    lease_until = \(databaseNow + leaseMilliseconds),
                    first_claimed_at = coalesce(first_claimed_at, \(databaseNow)), throttled_until = NULL,
                    attempt_count = attempt_count + 1, updated_at = \(databaseNow)
                FROM due WHERE delivery.id = due.id
                RETURNING delivery.id
                """).map { try $0["id"] as Int64 }
            missedSweep.withLock { $0.lastClaimFull = ids.count == limit }
            guard !ids.isEmpty else { return ([], missed) }
            return (try await claimedDeliveries(ids: ids, session), missed)
        }
    }

    /// Marks `missed` every waiting delivery past its lateness limit at `databaseNow`, raising a `missed` event for each;
    /// returns how many. Rows another daemon holds are skipped: it is deciding them.
    private func markMissed(now databaseNow: Int64, _ session: PostgresSession) async throws -> Int {
        let sweep = missedSweep.withLock { $0.due(now: databaseNow) }
        let missed = !sweep ? [] : try await session.rows("""
            WITH late AS (
                SELECT d.id FROM delivery d JOIN post p ON p.id = d.post_id
                WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= \(databaseNow)
                  AND \(unescaped: Self.pastLatenessLimit(now: databaseNow))
                FOR UPDATE OF d SKIP LOCKED
            )
            UPDATE delivery SET state = 'missed', updated_at = \(databaseNow), throttled_until = NULL,
                last_error = 'not published within its lateness limit' || coalesce(' (last error: ' || last_error || ')', '')
            FROM late WHERE delivery.id = late.id
            RETURNING delivery.id, delivery.post_id, delivery.account_id, delivery.last_error
            """)
        for row in missed {
            let account = try await Self.accountName(id: try row["account_id"], session)
            let postID: Int64 = try row["post_id"]
            let deliveryID: Int64 = try row["id"]
            try await insertEvent(DeliveryEvents.missed(postID: postID, deliveryID: deliveryID, account: account,
                                                        lastError: try row["last_error"], at: localDate(databaseNow)), session)
        }
        return missed.count
    }

    /// The claimed deliveries with everything a publish needs: text, account, credentials, deadline and parts.
    private func claimedDeliveries(ids: [Int64], _ session: PostgresSession) async throws -> [ClaimedDelivery] {
        let claimedRows = try await session.rows("""
            SELECT d.id, d.post_id, d.account_id, a.network, a.handle, a.remote_id, a.auth_kind, a.sealed_credentials,
                   coalesce(d.text_override, p.text) AS text, p.due_at, d.attempt_count, d.needs_check, d.first_claimed_at,
                   d.first_comment, d.part_count, d.next_attempt_at, p.options,
                   greatest(p.due_at, coalesce(d.retry_requested_at, 0)) + p.lateness_limit_s * 1000 AS deadline,
                   d.needs_check AND coalesce((SELECT t.outcome FROM attempt t WHERE t.delivery_id = d.id AND t.outcome != 'lookup'
                                               ORDER BY t.started_at DESC, t.id DESC LIMIT 1) = 'not_found', false) AS looked_up_once
            FROM delivery d JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
            WHERE d.id = ANY(\(ids)) ORDER BY d.next_attempt_at
            """)
        var partCounts: [Int64: Int] = [:]
        for row in claimedRows { partCounts[try row["id"]] = Int(try row["part_count"] as Int32) }
        return try await Self.withParts(try claimedRows.map { row in
            ClaimedDelivery(deliveryID: try row["id"], postID: try row["post_id"], accountID: try row["account_id"],
                            network: Network(rawValue: try row["network"]) ?? .x, handle: try row["handle"], text: try row["text"],
                            dueAt: Date(unixMilliseconds: try row["due_at"]), sendAt: localDate(try row["next_attempt_at"]),
                            attempt: Int(try row["attempt_count"] as Int32),
                            accountRemoteID: try row["remote_id"], handoff: try row["auth_kind"] as String == "none",
                            needsCheck: try row["needs_check"], firstClaimedAt: localDate(try row["first_claimed_at"]),
                            deadline: localDate(try row["deadline"]), lookedUpOnce: try row["looked_up_once"],
                            firstComment: try row["first_comment"], options: PostOptions(json: try row["options"]),
                            sealedCredentials: (try row["sealed_credentials"] as ByteBuffer?).map { Array($0.readableBytesView) })
        }, partCounts: partCounts, session)
    }

    /// A waiting delivery (`d`, its post `p`) that may no longer go out: past its due time (or a person's retry) plus its
    /// lateness limit, with nothing in doubt. The sweep marks these `missed`; a claim never takes one. `now` is an integer
    /// of our own (database milliseconds), written into the SQL as it is.
    static func pastLatenessLimit(now: Int64) -> String {
        "greatest(p.due_at, coalesce(d.retry_requested_at, 0)) + p.lateness_limit_s * 1000 < \(now) AND " + canBeMissed
    }

    /// As the SQLite store's: the lateness limit does not apply to a delivery whose last outcome is unknown, nor to a
    /// thread whose first part is out (finished late rather than left half-told).
    static let canBeMissed = """
        NOT d.needs_check AND (d.part_count = 1 OR NOT EXISTS (SELECT 1 FROM delivery_part dp WHERE dp.delivery_id = d.id))
        """

    /// The condition every change to a claimed delivery carries: it is still `publishing`, and still this daemon's.
    var heldHere: String { "state = 'publishing' AND claimed_by = '\(identity.id)'" }

    public func recordPublished(_ claim: ClaimedDelivery, attempt: AttemptRecord, remoteID: String, remoteURL: String?, found: Bool) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            let finished = databaseMilliseconds(attempt.finishedAt)
            // A post that went out proves the token may publish: the account's run of permission refusals ends, in the
            // same statement (no round trip more per publish).
            let changed = try await session.rows("""
                WITH published AS (
                    UPDATE delivery SET state = 'published', remote_id = \(remoteID), remote_url = \(remoteURL), published_at = \(finished),
                        last_error = NULL, claimed_at = NULL, claimed_by = NULL, lease_until = NULL, needs_check = false, updated_at = \(finished)
                    WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere) RETURNING id, account_id),
                cleared AS (
                    UPDATE account SET permission_refusals = 0, permission_refusal = NULL, permission_refused_since = NULL
                    WHERE id IN (SELECT account_id FROM published) AND permission_refusals > 0)
                SELECT id FROM published
                """)
            guard !changed.isEmpty else { return }
            try await insertEvent(DeliveryEvents.published(claim, remoteURL: remoteURL, found: found, at: attempt.finishedAt), session)
        }
    }

    public func recordLookUp(_ claim: ClaimedDelivery, attempt: AttemptRecord) async throws {
        try await write { session in try await insertAttempt(claim.deliveryID, attempt, session) }
    }

    public func recordRetry(_ claim: ClaimedDelivery, attempt: AttemptRecord, nextAttempt: Date, error: String, needsCheck: Bool) async throws {
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

    public func recordFinalFailure(_ claim: ClaimedDelivery, attempt: AttemptRecord, state: DeliveryState, error: String) async throws {
        try await write { session in _ = try await endDelivery(claim, attempt: attempt, state: state, error: error, session) }
    }

    public func recordPermissionRefused(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws {
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
    static func clearPermissionRefusals(accountID: Int64, _ session: PostgresSession) async throws {
        try await session.execute("""
            UPDATE account SET permission_refusals = 0, permission_refusal = NULL, permission_refused_since = NULL
            WHERE id = \(accountID) AND permission_refusals > 0
            """)
    }

    /// The `SET` clauses that give a claim back as if it had never been made.
    static let unclaimed = """
        state = CASE WHEN attempt_count > 1 THEN 'retrying' ELSE 'scheduled' END, attempt_count = attempt_count - 1,
        claimed_at = NULL, claimed_by = NULL, lease_until = NULL
        """

    public func deferClaims(_ deferrals: [(claim: ClaimedDelivery, until: Date)], now: Date) async throws {
        guard !deferrals.isEmpty else { return }
        try await write { session in
            for (claim, until) in deferrals {
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

    public func releaseClaim(_ claim: ClaimedDelivery, now: Date) async throws {
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
    public func returnClaimsForChecking(_ ids: [Int64]?, now: Date, lookUpAt: Date, reason: String) async throws -> Int {
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
    func returnForChecking(_ ids: [Int64], at now: Int64, lookUpAt: Int64, reason: String, _ session: PostgresSession) async throws -> Int {
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

    public func publishingClaims() async throws -> [(id: Int64, claimedAt: Date)] {
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
    public func takeOverAbandonedClaims(inFlightWindow: TimeInterval, reason: String) async throws -> Int {
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

    public func recordLookAgain(_ claim: ClaimedDelivery, attempt: AttemptRecord, lookAgainAt: Date, note: String) async throws {
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

    public func recordNeedsRelink(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String, needsCheck: Bool) async throws {
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

    public func recentPublishCounts(since: Date) async throws -> [(accountID: Int64, network: Network, count: Int)] {
        try await read { session in
            try await session.rows("""
                SELECT d.account_id, a.network, count(*) AS n FROM attempt t
                JOIN delivery d ON d.id = t.delivery_id JOIN account a ON a.id = d.account_id
                WHERE t.started_at >= \(databaseMilliseconds(since)) AND t.outcome = 'published' GROUP BY d.account_id, a.network
                """).compactMap { row in
                guard let network = Network(rawValue: try row["network"]) else { return nil }
                return (accountID: try row["account_id"] as Int64, network: network, count: Int(try row["n"] as Int64))
            }
        }
    }

    /// An attempt is a fact about the network (a request went out): logged even when the claim was lost meanwhile.
    func insertAttempt(_ deliveryID: Int64, _ attempt: AttemptRecord, _ session: PostgresSession) async throws {
        try await session.execute("""
            INSERT INTO attempt (delivery_id, started_at, finished_at, http_status, outcome, error_class, excerpt, part)
            VALUES (\(deliveryID), \(databaseMilliseconds(attempt.startedAt)), \(databaseMilliseconds(attempt.finishedAt)),
                    \(attempt.httpStatus.map(Int32.init)), \(attempt.outcome), \(attempt.errorClass), \(attempt.excerpt),
                    \(attempt.part.map { Int32(clamping: $0) }))
            """)
    }
}
