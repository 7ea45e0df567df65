import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// The earliest time a waiting delivery to an active account is due, read from the partial index.
    /// `INDEXED BY` because, without statistics, SQLite prefers `delivery_by_state` and sorts every waiting delivery.
    package func nextDueTime() async throws -> Date? {
        try await writer.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT d.next_attempt_at FROM delivery d INDEXED BY delivery_due JOIN account a ON a.id = d.account_id
                WHERE d.state IN ('scheduled', 'retrying') AND a.status = 'active' AND a.paused = 0
                  AND a.network NOT IN (SELECT network FROM network_pause)
                  AND NOT EXISTS (SELECT 1 FROM setting WHERE name = 'paused')
                ORDER BY d.next_attempt_at LIMIT 1
                """)).map(Date.init(unixMilliseconds:))
        }
    }

    /// Marks as `missed` what is past its lateness limit (raising a `missed` event for each), then claims up
    /// to `limit` due deliveries of active, unpaused accounts in the same transaction, so no other worker or
    /// restart can send them twice. A delivery whose last outcome is unknown is never marked missed
    /// unseen: it is claimed, so the engine looks on the network first.
    ///
    /// The claim is durable before it returns (see ``writeDurably(_:)``): its requests go out right after.
    package func claimDue(now: Date, ahead: TimeInterval, limit: Int) async throws -> (claimed: [ClaimedDelivery], missed: Int) {
        try await writeDurably { db in
            let ms = now.unixMilliseconds
            let horizon = ms + Int64((ahead * 1000).rounded())
            // No delivery goes out later than its due time (or a person's retry) plus its lateness limit:
            // not after downtime, not after retries, not after a pause or a relink days later. The claim below never
            // takes one past it; this marks them `missed`, visiting every waiting delivery that is due, so in a burst
            // (the last claim was full) it runs once a second rather than for every claim.
            let missed = try markMissed(now: now, db)
            if try Self.isPausedEverywhere(db) { return ([], missed) }
            let ids = try Int64.fetchAll(db.cachedStatement(sql: """
                UPDATE delivery SET state = 'publishing', claimed_at = :now, first_claimed_at = COALESCE(first_claimed_at, :now),
                    throttled_until = NULL, attempt_count = attempt_count + 1, updated_at = :now
                WHERE id IN (SELECT d.id FROM delivery d INDEXED BY delivery_due JOIN account a ON a.id = d.account_id
                                 JOIN post p ON p.id = d.post_id
                             WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= :horizon AND a.status = 'active'
                               AND a.paused = 0 AND a.network NOT IN (SELECT network FROM network_pause)
                               -- Never one past its lateness limit (the sweep above marks those).
                               AND NOT (\(Self.pastLatenessLimit))
                             ORDER BY d.next_attempt_at LIMIT :limit)
                RETURNING id
                """), arguments: ["now": ms, "horizon": horizon, "limit": limit])
            missedSweep.withLock { $0.lastClaimFull = ids.count == limit }
            guard !ids.isEmpty else { return ([], missed) }
            return (try Self.claimedDeliveries(ids: ids, db), missed)
        }
    }

    /// Marks `missed` every waiting delivery past its lateness limit, raising a `missed` event for each; returns how many.
    /// It visits every waiting delivery that is due, so in a burst (the last claim was full) it runs once a second
    /// rather than for every claim.
    private func markMissed(now: Date, _ db: Database) throws -> Int {
        let ms = now.unixMilliseconds
        let sweep = missedSweep.withLock { $0.due(now: ms) }
        let missed = !sweep ? [] : try Row.fetchAll(db.cachedStatement(sql: """
            UPDATE delivery SET state = 'missed', updated_at = :now, throttled_until = NULL,
                last_error = '\(DeliveryEvents.missedError)' || COALESCE(' (last error: ' || last_error || ')', '')
            WHERE id IN (SELECT d.id FROM delivery d INDEXED BY delivery_due JOIN post p ON p.id = d.post_id
                         WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= :now AND \(Self.pastLatenessLimit))
            RETURNING id, post_id, account_id, last_error
            """), arguments: ["now": ms])
        for row in missed {
            let account = try Self.accountName(id: row["account_id"], db)
            try insertEvent(DeliveryEvents.missed(postID: row["post_id"], deliveryID: row["id"], account: account,
                                                  lastError: row["last_error"], at: now), db)
        }
        return missed.count
    }

    /// The claimed deliveries with everything a publish needs: text, account, credentials, deadline and parts.
    private static func claimedDeliveries(ids: [Int64], _ db: Database) throws -> [ClaimedDelivery] {
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let statement = try listStatement(db, for: ids.count, sql: """
            SELECT d.id, d.post_id, d.account_id, d.attempt_count, COALESCE(d.text_override, p.text) AS text, p.due_at,
                   d.first_comment, d.part_count, d.next_attempt_at, p.options,
                   a.network, a.handle, a.remote_id, a.auth_kind, a.sealed_credentials, d.needs_check, d.first_claimed_at,
                   \(LatenessRule.deadlineSQL(.sqlite)) AS deadline,
                   d.needs_check AND (SELECT t.outcome FROM attempt t WHERE t.delivery_id = d.id AND t.outcome != 'lookup'
                                      ORDER BY t.started_at DESC, t.id DESC LIMIT 1) = 'not_found' AS looked_up_once
            FROM delivery d JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
            WHERE d.id IN (\(placeholders)) ORDER BY d.next_attempt_at
            """)
        // Read from the cursor's rows, not copied ones: a copied row finds a column by name by lowercasing every
        // column's name, which a claim of 64 paid 30,000 times (a claim is on every burst's hot path).
        var claims: [ClaimedDelivery] = []
        var partCounts: [Int64: Int] = [:]
        try Row.fetchCursor(statement, arguments: StatementArguments(ids)).forEach { row in
            let claim = ClaimedDelivery(
                deliveryID: row["id"], postID: row["post_id"], accountID: row["account_id"],
                network: Network(rawValue: row["network"]) ?? .x, handle: row["handle"], text: row["text"],
                dueAt: Date(unixMilliseconds: row["due_at"]), sendAt: Date(unixMilliseconds: row["next_attempt_at"]),
                attempt: row["attempt_count"],
                accountRemoteID: row["remote_id"], handoff: row["auth_kind"] == "none",
                needsCheck: row["needs_check"], firstClaimedAt: Date(unixMilliseconds: row["first_claimed_at"]),
                deadline: Date(unixMilliseconds: row["deadline"]), lookedUpOnce: row["looked_up_once"] ?? false,
                firstComment: row["first_comment"], options: PostOptions(json: row["options"]),
                sealedCredentials: (row["sealed_credentials"] as Data?).map(Array.init))
            partCounts[claim.deliveryID] = row["part_count"]
            claims.append(claim)
        }
        return try withParts(claims, partCounts: partCounts, db)
    }

    /// A waiting delivery (`d`, its post `p`) that may no longer go out at `:now` (LatenessRule). The sweep marks these
    /// `missed`; a claim never takes one.
    package static let pastLatenessLimit = LatenessRule.isPastSQL(.sqlite, now: ":now")

    package static func accountName(id: Int64, _ db: Database) throws -> String {
        guard let row = try Row.fetchOne(db, sql: "SELECT network, handle FROM account WHERE id = ?", arguments: [id]) else { return "account \(id)" }
        return "\(row["network"] as String):@\(row["handle"] as String)"
    }

    /// `found` says the post was found on the network by a look-up rather than just published.
    package func recordPublished(_ claim: ClaimedDelivery, attempt: AttemptRecord, remoteID: String, remoteURL: String?,
                                found: Bool) async throws {
        try await outcomes.write { [self] db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.cachedStatement(sql: """
                UPDATE delivery SET state = 'published', remote_id = ?, remote_url = ?, published_at = ?, last_error = NULL,
                    claimed_at = NULL, needs_check = 0, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """).execute(arguments: [remoteID, remoteURL, attempt.finishedAt.unixMilliseconds, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
            guard db.changesCount > 0 else { return }
            try insertEvent(DeliveryEvents.published(claim, remoteURL: remoteURL, found: found, at: attempt.finishedAt), db)
            try Self.clearPermissionRefusals(accountID: claim.accountID, db)
        }
    }

    /// A look-up that found the post absent, before it is published again.
    package func recordLookUp(_ claim: ClaimedDelivery, attempt: AttemptRecord) async throws {
        try await outcomes.write { db in try Self.insertAttempt(claim.deliveryID, attempt, db) }
    }

    /// Puts the delivery back in line for `nextAttempt`. `needsCheck` says whether the network must be
    /// looked at first (the last request may have published).
    package func recordRetry(_ claim: ClaimedDelivery, attempt: AttemptRecord, nextAttempt: Date, error: String,
                            needsCheck: Bool) async throws {
        try await outcomes.write { db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.execute(sql: """
                UPDATE delivery SET state = 'retrying', next_attempt_at = ?, last_error = ?, claimed_at = NULL, needs_check = ?, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [nextAttempt.unixMilliseconds, error, needsCheck, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
        }
    }

    /// Ends the delivery as `failed` (the network refused it), `unknown` (it may have been published, and
    /// no look-up could tell) or `missed` (a look-up found it absent after its lateness limit), with an event.
    package func recordFinalFailure(_ claim: ClaimedDelivery, attempt: AttemptRecord, state: DeliveryState, error: String) async throws {
        try await outcomes.write { [self] db in _ = try endDelivery(claim, attempt: attempt, state: state, error: error, db) }
    }

    package func recordPermissionRefused(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws {
        try await outcomes.write { [self] db in
            guard try endDelivery(claim, attempt: attempt, state: .failed, error: error, db) else { return }
            try db.execute(sql: """
                UPDATE account SET permission_refusals = permission_refusals + 1, permission_refusal = ?,
                    permission_refused_since = COALESCE(permission_refused_since, ?)
                WHERE id = ?
                """, arguments: [error, attempt.finishedAt.unixMilliseconds, claim.accountID])
        }
    }

    /// Ends a claimed delivery as `state` with its event; false when the claim was no longer held (nothing changed).
    private func endDelivery(_ claim: ClaimedDelivery, attempt: AttemptRecord, state: DeliveryState, error: String, _ db: Database) throws -> Bool {
        precondition(state == .failed || state == .unknown || state == .missed)
        try Self.insertAttempt(claim.deliveryID, attempt, db)
        try db.execute(sql: """
            UPDATE delivery SET state = ?, last_error = ?, claimed_at = NULL, needs_check = 0, updated_at = ?
            WHERE id = ? AND state = 'publishing'
            """, arguments: [state.rawValue, error, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
        guard db.changesCount > 0 else { return false }
        try insertEvent(DeliveryEvents.finalFailure(claim, state: state, error: error, at: attempt.finishedAt), db)
        return true
    }

    /// A post that went out proves the token may publish: the account's run of permission refusals ends.
    package static func clearPermissionRefusals(accountID: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE account SET permission_refusals = 0, permission_refusal = NULL, permission_refused_since = NULL
            WHERE id = ? AND permission_refusals > 0
            """).execute(arguments: [accountID])
    }

    /// Sends claims back to wait, untouched, until their account's or network's rate-limit budget allows
    /// them (`throttled_until` is what `status` reports).
    package func deferClaims(_ deferrals: [(claim: ClaimedDelivery, until: Date)], now: Date) async throws {
        guard !deferrals.isEmpty else { return }
        try await outcomes.write { db in
            for (claim, until) in deferrals {
                try db.execute(sql: """
                    UPDATE delivery SET \(Self.unclaimed), next_attempt_at = ?, throttled_until = ?, updated_at = ?
                    WHERE id = ? AND state = 'publishing'
                    """, arguments: [until.unixMilliseconds, until.unixMilliseconds, now.unixMilliseconds, claim.deliveryID])
            }
        }
    }

    /// The `SET` clauses that give a claim back as if it had never been made: waiting as before, the attempt
    /// not counted (nothing was published).
    package static let unclaimed = "state = CASE WHEN attempt_count > 1 THEN 'retrying' ELSE 'scheduled' END, attempt_count = attempt_count - 1, claimed_at = NULL"

    /// Gives a claim back untouched (shutdown before any request was sent).
    package func releaseClaim(_ claim: ClaimedDelivery, now: Date) async throws {
        try await outcomes.write { db in
            try db.execute(sql: """
                UPDATE delivery SET \(Self.unclaimed), updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [now.unixMilliseconds, claim.deliveryID])
        }
    }

    /// Claims with no publish behind them any more (the daemon that made them stopped, or lost track of them)
    /// may have been published. They go back in line, marked so the engine looks on the network before
    /// anything is sent again, and no earlier than `lookUpAt`, when a request they sent can no longer land.
    /// `ids` nil means every claim: at start, when the lock says no other daemon holds any.
    /// Each gets an `interrupted` attempt in its history, which also tells the look-up that it is the first
    /// since the last request (so a look-up that finds nothing looks again after the listing lag).
    package func returnClaimsForChecking(_ ids: [Int64]?, now: Date, lookUpAt: Date, reason: String) async throws -> Int {
        if let ids, ids.isEmpty { return 0 }
        return try await writer.write { db in
            let ms = now.unixMilliseconds
            var filter = "state = 'publishing'"
            if let ids { filter += " AND id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))" }
            let selected = StatementArguments(ids ?? [])
            try db.execute(sql: """
                INSERT INTO attempt (delivery_id, started_at, finished_at, outcome, error_class)
                SELECT id, COALESCE(claimed_at, ?), ?, 'interrupted', 'uncertain' FROM delivery WHERE \(filter)
                """, arguments: [ms, ms] + selected)
            try db.execute(sql: """
                UPDATE delivery SET state = 'retrying', needs_check = 1, claimed_at = NULL, next_attempt_at = ?, updated_at = ?, last_error = ?
                WHERE \(filter)
                """, arguments: [lookUpAt.unixMilliseconds, ms, reason] + selected)
            return db.changesCount
        }
    }

    /// Every claim still `publishing`, with when it was made, read from the state index (as many rows as
    /// there are publishes in flight).
    package func publishingClaims() async throws -> [(id: Int64, claimedAt: Date)] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, claimed_at FROM delivery INDEXED BY delivery_by_state WHERE state = 'publishing'").map {
                (id: $0["id"], claimedAt: Date(unixMilliseconds: $0["claimed_at"] ?? 0))
            }
        }
    }

    /// A look-up found nothing, but the network's listing may lag: the delivery waits until `lookAgainAt` and
    /// is looked up once more before anything is sent. The claim is not counted as an attempt (nothing was sent).
    package func recordLookAgain(_ claim: ClaimedDelivery, attempt: AttemptRecord, lookAgainAt: Date, note: String) async throws {
        try await outcomes.write { db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.execute(sql: """
                UPDATE delivery SET state = 'retrying', next_attempt_at = ?, last_error = ?, claimed_at = NULL, needs_check = 1,
                    attempt_count = attempt_count - 1, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [lookAgainAt.unixMilliseconds, note, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
        }
    }

    /// An attempt is a fact about the network (a request went out), so it is logged even when the
    /// delivery's state was changed meanwhile; only the state transitions are guarded.
    package static func insertAttempt(_ deliveryID: Int64, _ attempt: AttemptRecord, _ db: Database) throws {
        // Cached statements on the paths every delivery takes: compiling SQL (and GRDB's authorizer callbacks while it
        // does) cost more than running it.
        try db.cachedStatement(sql: """
            INSERT INTO attempt (delivery_id, started_at, finished_at, http_status, outcome, error_class, excerpt, part)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [deliveryID, attempt.startedAt.unixMilliseconds, attempt.finishedAt.unixMilliseconds,
                             attempt.httpStatus, attempt.outcome, attempt.errorClass, attempt.excerpt, attempt.part])
    }
}

extension SQLiteStore {
    /// The network refused the account's credentials: the account waits for a relink, and the delivery
    /// stays in line (it goes out once the account is active again, within its lateness limit).
    package func recordNeedsRelink(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String, needsCheck: Bool) async throws {
        try await outcomes.write { [self] db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            let ms = attempt.finishedAt.unixMilliseconds
            try db.execute(sql: """
                UPDATE delivery SET state = 'retrying', next_attempt_at = ?, last_error = ?, claimed_at = NULL, needs_check = ?, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [ms, "waiting for the account to be relinked: \(error)", needsCheck, ms, claim.deliveryID])
            try Self.markNeedsRelink(accountID: claim.accountID, reason: error, at: attempt.finishedAt, db, signal: eventsCommitted)
        }
    }
}

extension SQLiteStore {
    /// Posts published per account since `since`, so the rate-limit budgets start a restart where the
    /// last run left them instead of full.
    package func recentPublishCounts(since: Date) async throws -> [(accountID: Int64, network: Network, count: Int)] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT d.account_id, a.network, COUNT(*) AS n FROM attempt t INDEXED BY attempt_by_time
                JOIN delivery d ON d.id = t.delivery_id JOIN account a ON a.id = d.account_id
                WHERE t.started_at >= ? AND (t.outcome = 'published' OR t.error_class = 'uncertain') GROUP BY d.account_id
                """, arguments: [since.unixMilliseconds]).compactMap { row in
                Network(rawValue: row["network"]).map { (accountID: row["account_id"], network: $0, count: row["n"]) }
            }
        }
    }
}
