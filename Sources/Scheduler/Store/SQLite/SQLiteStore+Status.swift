import Foundation
import GRDB
import SchedulerCore

extension SQLiteStore {
    /// `now` decides which tokens count as expiring soon (within a week, with no way to renew).
    public func summary(now: Date) async throws -> StoreSummary {
        try await writer.read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT state, COUNT(*) AS n FROM delivery GROUP BY state") {
                counts[row["state"]] = row["n"]
            }
            let next = try Row.fetchOne(db, sql: """
                SELECT d.post_id, d.next_attempt_at,
                       (SELECT COUNT(*) FROM delivery e WHERE e.post_id = d.post_id AND e.state IN ('scheduled', 'retrying')) AS accounts
                FROM delivery d INDEXED BY delivery_due JOIN account a ON a.id = d.account_id
                WHERE d.state IN ('scheduled', 'retrying') AND a.status = 'active' AND a.paused = 0
                  AND a.network NOT IN (SELECT network FROM network_pause)
                ORDER BY d.next_attempt_at LIMIT 1
                """).map { StatusView.NextDue(postId: $0["post_id"], dueAt: Date(unixMilliseconds: $0["next_attempt_at"]), accounts: $0["accounts"]) }
            let attention = try Self.accountsNeedingAttention(db, now: now)
            let paused = try Self.pauseView(db)
            return StoreSummary(deliveries: counts, nextDue: next, accountsNeedingAttention: attention,
                                paused: paused.isEmpty ? nil : paused,
                                throttled: try Self.throttleView(db, now: now), hooks: try Self.hookBacklog(db))
        }
    }

    static func accountsNeedingAttention(_ db: Database, now: Date) throws -> [AccountView] {
        let all = try Row.fetchAll(db, sql: """
            SELECT \(accountColumns) FROM account a
            WHERE a.status = 'needs_relink'
               OR (a.status = 'active' AND a.has_refresh_token = 0 AND a.access_expires_at IS NOT NULL AND a.access_expires_at < ?)
            ORDER BY a.network, a.handle
            """, arguments: [now.addingTimeInterval(7 * 86_400).unixMilliseconds])
        return all.map(accountView)
    }
}
