import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

/// Steps several methods take inside their own transaction.
extension PostgresStore {
    /// Writes `event` in the caller's transaction, so a change and its event commit together (or not at all); every
    /// daemon's event bus hears of it at commit (NOTIFY), this one's included.
    package func insertEvent(_ event: EventRecord, _ session: PostgresSession) async throws {
        let payload = event.storedPayload
        try await session.execute("""
            INSERT INTO event (at, kind, post_id, delivery_id, payload)
            VALUES (\(databaseMilliseconds(event.at)), \(event.event), \(event.postId), \(event.deliveryId), \(payload))
            """)
        try await session.notifyEventsStored()
    }

    /// `network:@handle`, as events name an account.
    package static func accountName(id: Int64, _ session: PostgresSession) async throws -> String {
        guard let row = try await session.row("SELECT network, handle FROM account WHERE id = \(id)") else { return "account \(id)" }
        return "\(try row["network"] as String):@\(try row["handle"] as String)"
    }

    package static func isPausedEverywhere(_ session: PostgresSession) async throws -> Bool {
        try await session.value("SELECT EXISTS (SELECT 1 FROM setting WHERE name = 'paused')", as: Bool.self) ?? false
    }

    /// An active account becomes `needs_relink`, with a `needs_relink` event the first time only.
    package func markNeedsRelink(accountID: Int64, reason: String, at now: Date, _ session: PostgresSession) async throws {
        let changed = try await session.rows("""
            UPDATE account SET status = 'needs_relink', status_reason = \(reason), updated_at = \(databaseMilliseconds(now))
            WHERE id = \(accountID) AND status = 'active' RETURNING id
            """)
        guard !changed.isEmpty else { return }
        let account = try await Self.accountName(id: accountID, session)
        try await insertEvent(DeliveryEvents.needsRelink(account: account, reason: reason, at: now), session)
    }
}
