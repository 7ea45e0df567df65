import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// `now` decides which tokens count as expiring soon (within a week, with no way to renew).
    ///
    /// Every statement here is a cached one: `status` is asked often (the web app's pages, scripts, `schedctl status`), and
    /// compiling its eight statements afresh was a fifth of its time.
    package func summary(now: Date) async throws -> StoreSummary {
        try await writer.read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT state, SUM(n) AS n FROM delivery_count GROUP BY state HAVING SUM(n) != 0")) {
                counts[row["state"]] = row["n"]
            }
            let next = try Self.nextDue(db)
            let held = try Self.nextHeld(db).flatMap { held in next.map { held.dueAt < $0.dueAt } ?? true ? held : nil }
            let attention = try Self.accountsNeedingAttention(db, now: now)
            let paused = try Self.pauseRecord(db)
            return StoreSummary(deliveries: counts, nextDue: next, nextHeld: held, accountsNeedingAttention: attention,
                                paused: paused.isEmpty ? nil : paused,
                                throttled: try Self.throttleRecord(db, now: now), hooks: try Self.hookBacklog(db))
        }
    }

    /// The first waiting delivery of an account that may publish, and how many accounts its post waits for: the earliest
    /// of each such account's first, from the index of waiting deliveries by account (one look per account, however many
    /// deliveries wait and however many of them are paused).
    package static func nextDue(_ db: Database) throws -> NextDueRecord? {
        guard let first = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT d.post_id, d.next_attempt_at FROM account a
            JOIN delivery d ON d.id = (
                SELECT e.id FROM delivery e INDEXED BY delivery_due_by_account
                WHERE e.account_id = a.id AND e.state IN ('scheduled', 'retrying') ORDER BY e.next_attempt_at LIMIT 1)
            WHERE a.status = 'active' AND a.paused = 0 AND a.network NOT IN (SELECT network FROM network_pause)
            ORDER BY d.next_attempt_at, d.post_id LIMIT 1
            """)) else { return nil }
        let accounts = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM delivery WHERE post_id = ? AND state IN ('scheduled', 'retrying')"),
                                        arguments: [first["post_id"] as Int64]) ?? 0
        return NextDueRecord(postId: first["post_id"], dueAt: Date(unixMilliseconds: first["next_attempt_at"]), accounts: accounts)
    }

    /// The first waiting delivery of an account that cannot publish now, with why: the earliest of each such account's
    /// first, from the same index as ``nextDue(_:)`` (issue 16, bug 2: a status that said "nothing scheduled" beside 26
    /// scheduled posts whose accounts were paused).
    package static func nextHeld(_ db: Database) throws -> HeldDueRecord? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT d.post_id, d.next_attempt_at, a.network, a.handle, a.status, a.paused,
                   a.network IN (SELECT network FROM network_pause) AS network_paused
            FROM account a
            JOIN delivery d ON d.id = (
                SELECT e.id FROM delivery e INDEXED BY delivery_due_by_account
                WHERE e.account_id = a.id AND e.state IN ('scheduled', 'retrying') ORDER BY e.next_attempt_at LIMIT 1)
            WHERE NOT (a.status = 'active' AND a.paused = 0 AND a.network NOT IN (SELECT network FROM network_pause))
            ORDER BY d.next_attempt_at, d.post_id LIMIT 1
            """)) else { return nil }
        let reason = HeldReason.first(status: row["status"], accountPaused: row["paused"], networkPaused: row["network_paused"])
        return HeldDueRecord(postId: row["post_id"], dueAt: Date(unixMilliseconds: row["next_attempt_at"]),
                                  account: "\(row["network"] as String):@\(row["handle"] as String)", reason: reason)
    }

    package static func accountsNeedingAttention(_ db: Database, now: Date) throws -> [AccountRecord] {
        let all = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT \(accountColumns) FROM account a
            WHERE a.status = 'needs_relink' OR a.permission_refusals > 0
               OR (a.status = 'active' AND a.has_refresh_token = 0 AND a.access_expires_at IS NOT NULL AND a.access_expires_at < ?)
            ORDER BY a.network, a.handle
            """), arguments: [now.addingTimeInterval(7 * 86_400).unixMilliseconds])
        return all.map(accountRecord)
    }
}
