import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// As the SQLite store's, across daemons: due rows are locked with `FOR UPDATE SKIP LOCKED` inside a CTE, so
    /// `LIMIT` locks no more rows than it claims and two daemons never claim the same delivery; each claim records
    /// this daemon and a lease. "Due" and "late" are decided on the database's clock: `now` is moved onto it with the
    /// offset measured at each lease renewal, so every daemon claims by the same clock however its own drifts.
    ///
    /// The claim is one prepared statement that locks, claims and returns everything a publish needs; the media of the
    /// claimed posts are a second read, in the same transaction, so a claim whose media cannot be read is not made (it
    /// would be left `publishing` with nothing to publish it). At a burst's pace that is four statements for a claim of
    /// many deliveries, where the transaction was six, with a plan made at every run.
    package func claimDue(now: Date, ahead: TimeInterval, limit: Int) async throws -> (claimed: [ClaimedDelivery], missed: Int) {
        let databaseNow = databaseMilliseconds(now)
        // As on SQLite: the claim never takes a delivery past its lateness limit, and this sweep, which visits every
        // waiting delivery that is due, runs once a second while claims come back full (a burst).
        let missed = missedSweep.withLock { $0.due(now: databaseNow) } ? try await sweepMissed(now: databaseNow) : 0
        return try await write { session in
            let rows = try await session.rows(ClaimStatement(now: databaseNow, ahead: ahead, limit: limit, daemon: identity.id,
                                                             leaseMilliseconds: Int64(settings.leaseSeconds * 1000)))
            missedSweep.withLock { $0.lastClaimFull = rows.count == limit }
            guard !rows.isEmpty else { return ([], missed) }
            return (try await claimedDeliveries(rows, session), missed)
        }
    }

    /// The sweep: one statement that finds nothing, in the usual case; a transaction that marks and tells otherwise.
    private func sweepMissed(now databaseNow: Int64) async throws -> Int {
        let any = try await statement { session in try await session.rows(MissedDueStatement(now: databaseNow)).first?.first(Bool.self) }
        return any == true ? try await write { try await markMissed(now: databaseNow, $0) } : 0
    }

    /// Marks `missed` every waiting delivery past its lateness limit at `databaseNow`, raising a `missed` event for each;
    /// returns how many. Rows another daemon holds are skipped: it is deciding them.
    private func markMissed(now databaseNow: Int64, _ session: PostgresSession) async throws -> Int {
        let missed = try await session.rows("""
            WITH late AS (
                SELECT d.id FROM delivery d JOIN post p ON p.id = d.post_id
                WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= \(databaseNow)
                  AND \(unescaped: Self.pastLatenessLimit(now: databaseNow))
                FOR UPDATE OF d SKIP LOCKED
            )
            UPDATE delivery SET state = 'missed', updated_at = \(databaseNow), throttled_until = NULL,
                last_error = '\(unescaped: DeliveryEvents.missedError)' || coalesce(' (last error: ' || last_error || ')', '')
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
    private func claimedDeliveries(_ claimedRows: [PostgresStoreRow], _ session: PostgresSession) async throws -> [ClaimedDelivery] {
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

    /// A waiting delivery (`d`, its post `p`) that may no longer go out (LatenessRule). The sweep marks these `missed`; a
    /// claim never takes one. `now` is an integer of our own (database milliseconds) or a column holding one.
    package static func pastLatenessLimit(now: some CustomStringConvertible) -> String {
        LatenessRule.isPastSQL(.postgres, now: "\(now)")
    }
}

/// Claims up to `limit` due deliveries (none while everything is paused) and returns them joined with their post and
/// account, in due order.
package struct ClaimStatement: PreparedQuery {
    package static let sql: String = text(of: ClaimStatement(now: 0, ahead: 0, limit: 0, daemon: "", leaseMilliseconds: 0))
    package let query: PostgresQuery

    package init(now databaseNow: Int64, ahead: TimeInterval, limit: Int, daemon: String, leaseMilliseconds: Int64) {
        query = """
            WITH clock AS (SELECT \(databaseNow)::int8 AS now),
            due AS (
                SELECT d.id FROM clock, delivery d JOIN account a ON a.id = d.account_id JOIN post p ON p.id = d.post_id
                WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= \(databaseNow + Int64((ahead * 1000).rounded()))
                  AND a.status = 'active'
                  AND NOT a.paused AND a.network NOT IN (SELECT network FROM network_pause)
                  AND NOT EXISTS (SELECT 1 FROM setting WHERE name = 'paused')
                  AND NOT (\(unescaped: PostgresStore.pastLatenessLimit(now: "clock.now")))
                ORDER BY d.next_attempt_at LIMIT \(Int64(limit))
                FOR UPDATE OF d SKIP LOCKED
            ),
            claimed AS (
                UPDATE delivery SET state = 'publishing', claimed_at = \(databaseNow), claimed_by = \(daemon),
                    lease_until = \(databaseNow + leaseMilliseconds),
                    first_claimed_at = coalesce(first_claimed_at, \(databaseNow)), throttled_until = NULL,
                    attempt_count = attempt_count + 1, updated_at = \(databaseNow)
                FROM due WHERE delivery.id = due.id
                RETURNING delivery.*
            )
            SELECT d.id, d.post_id, d.account_id, a.network, a.handle, a.remote_id, a.auth_kind, a.sealed_credentials,
                   coalesce(d.text_override, p.text) AS text, p.due_at, d.attempt_count, d.needs_check, d.first_claimed_at,
                   d.first_comment, d.part_count, d.next_attempt_at, p.options,
                   \(unescaped: LatenessRule.deadlineSQL(.postgres)) AS deadline,
                   d.needs_check AND coalesce((SELECT t.outcome FROM attempt t WHERE t.delivery_id = d.id AND t.outcome != 'lookup'
                                               ORDER BY t.started_at DESC, t.id DESC LIMIT 1) = 'not_found', false) AS looked_up_once
            FROM claimed d JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
            ORDER BY d.next_attempt_at
            """
    }
}

/// Whether a waiting delivery is past its lateness limit, for the sweep.
package struct MissedDueStatement: PreparedQuery {
    package static let sql: String = text(of: MissedDueStatement(now: 0))
    package let query: PostgresQuery

    package init(now databaseNow: Int64) {
        query = """
            SELECT EXISTS (SELECT 1 FROM (SELECT \(databaseNow)::int8 AS now) AS clock, delivery d JOIN post p ON p.id = d.post_id
                           WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= clock.now
                             AND \(unescaped: PostgresStore.pastLatenessLimit(now: "clock.now")))
            """
    }
}
