import Connectors
import Foundation
import PostgresNIO
import SchedulerCore

extension PostgresStore {
    /// `now` decides which tokens count as expiring soon (within a week, with no way to renew).
    public func summary(now: Date) async throws -> StoreSummary {
        let ms = databaseMilliseconds(now)
        return try await read { session in
            var counts: [String: Int] = [:]
            for row in try await session.rows("SELECT state, count(*) AS n FROM delivery GROUP BY state") {
                counts[try row["state"]] = Int(try row["n"] as Int64)
            }
            let next = try await session.row("""
                SELECT d.post_id, d.next_attempt_at,
                       (SELECT count(*) FROM delivery e WHERE e.post_id = d.post_id AND e.state IN ('scheduled', 'retrying')) AS accounts
                FROM delivery d JOIN account a ON a.id = d.account_id
                WHERE d.state IN ('scheduled', 'retrying') AND a.status = 'active' AND NOT a.paused
                  AND a.network NOT IN (SELECT network FROM network_pause)
                ORDER BY d.next_attempt_at LIMIT 1
                """).map {
                StatusView.NextDue(postId: try $0["post_id"], dueAt: Date(unixMilliseconds: try $0["next_attempt_at"]),
                                   accounts: Int(try $0["accounts"] as Int64))
            }
            let attention = try await Self.accountsNeedingAttention(session, now: ms)
            let paused = try await Self.pauseView(session)
            return StoreSummary(deliveries: counts, nextDue: next, accountsNeedingAttention: attention,
                                paused: paused.isEmpty ? nil : paused,
                                throttled: try await Self.throttleView(session, now: ms), hooks: try await Self.hookBacklog(session))
        }
    }

    /// `now` in database milliseconds.
    static func accountsNeedingAttention(_ session: PostgresSession, now: Int64) async throws -> [AccountView] {
        try await session.rows("""
            SELECT \(unescaped: accountColumns) FROM account a
            WHERE a.status = 'needs_relink'
               OR (a.status = 'active' AND NOT a.has_refresh_token AND a.access_expires_at IS NOT NULL
                   AND a.access_expires_at < \(now + 7 * 86_400_000))
            ORDER BY a.network, a.handle COLLATE "C"
            """).map(accountView)
    }
}
