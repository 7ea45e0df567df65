import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// `now` decides which tokens count as expiring soon (within a week, with no way to renew).
    package func summary(now: Date) async throws -> StoreSummary {
        let ms = databaseMilliseconds(now)
        return try await read { session in
            let counts = try await Self.deliveryCounts(session)
            let next = try await Self.nextDue(session)
            let held = try await Self.nextHeld(session).flatMap { held in next.map { held.dueAt < $0.dueAt } ?? true ? held : nil }
            let attention = try await Self.accountsNeedingAttention(session, now: ms)
            let paused = try await Self.pauseRecord(session)
            return StoreSummary(deliveries: counts, nextDue: next, nextHeld: held, accountsNeedingAttention: attention,
                                paused: paused.isEmpty ? nil : paused,
                                throttled: try await Self.throttleRecord(session, now: ms), hooks: try await Self.hookBacklog(session))
        }
    }

    /// `now` in database milliseconds.
    package static func accountsNeedingAttention(_ session: PostgresSession, now: Int64) async throws -> [AccountRecord] {
        try await session.rows("""
            SELECT \(unescaped: accountColumns) FROM account a
            WHERE a.status = 'needs_relink' OR a.permission_refusals > 0
               OR (a.status = 'active' AND NOT a.has_refresh_token AND a.access_expires_at IS NOT NULL
                   AND a.access_expires_at < \(now + 7 * 86_400_000))
            ORDER BY a.network, a.handle COLLATE "C"
            """).map(accountRecord)
    }
}
