import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    package func recordHandedOff(_ claim: ClaimedDelivery, attempt: AttemptRecord, bundle: String, remindAt: Date, expiresAt: Date,
                                event: EventRecord) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            let changed = try await session.rows("""
                UPDATE delivery SET state = 'handed_off', handoff_path = \(bundle), handoff_reminded = false,
                    handoff_expires_at = \(databaseMilliseconds(expiresAt)), next_attempt_at = \(databaseMilliseconds(remindAt)),
                    claimed_at = NULL, claimed_by = NULL, lease_until = NULL, last_error = NULL,
                    updated_at = \(databaseMilliseconds(attempt.finishedAt))
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere) RETURNING id
                """)
            if !changed.isEmpty { try await insertEvent(event, session) }
        }
    }

    /// As the SQLite store's; the rows are locked (`SKIP LOCKED`), so across daemons each reminder and expiry fires once.
    package func handoffFollowUps(now: Date) async throws -> [HandoffFollowUp] {
        let databaseNow = databaseMilliseconds(now)
        // Asked at every turn of the engine: one statement when nothing is due, as nearly always.
        let due = try await statement { session in try await session.rows(HandoffDueStatement(now: databaseNow)).first?.first(Bool.self) }
        guard due == true else { return [] }
        return try await write { session in
            let rows = try await session.rows("""
                SELECT \(unescaped: Self.handoffColumns), d.handoff_reminded FROM delivery d
                JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
                WHERE d.state = 'handed_off' AND d.next_attempt_at <= \(databaseNow)
                FOR UPDATE OF d SKIP LOCKED
                """)
            var followUps: [HandoffFollowUp] = []
            for row in rows {
                let record = try Self.handoffRecord(row)
                let reminded: Bool = try row["handoff_reminded"]
                if reminded || record.expiresAt.unixMilliseconds <= databaseNow {
                    try await session.execute("""
                        UPDATE delivery SET state = 'expired', updated_at = \(databaseNow),
                            last_error = 'nobody confirmed the Instagram handoff in time'
                        WHERE id = \(record.deliveryID) AND state = 'handed_off'
                        """)
                    followUps.append(HandoffFollowUp(record: record, expired: true))
                    try await insertEvent(DeliveryEvents.handoffExpired(record, at: now), session)
                } else {
                    try await session.execute("""
                        UPDATE delivery SET handoff_reminded = true, next_attempt_at = handoff_expires_at, updated_at = \(databaseNow)
                        WHERE id = \(record.deliveryID)
                        """)
                    followUps.append(HandoffFollowUp(record: record, expired: false))
                    try await insertEvent(DeliveryEvents.handoffReminder(record, at: now), session)
                }
            }
            return followUps
        }
    }

    package func nextHandoffTime() async throws -> Date? {
        try await read { session in
            try await session.value("""
                SELECT next_attempt_at FROM delivery WHERE state = 'handed_off' ORDER BY next_attempt_at LIMIT 1
                """, as: Int64.self).map(localDate)
        }
    }

    package static let handoffColumns = """
        d.id, d.post_id, a.network, a.handle, coalesce(d.text_override, p.text) AS caption, d.handoff_path,
        d.updated_at, d.next_attempt_at, d.handoff_expires_at, p.due_at
        """

    package static func handoffRecord(_ row: PostgresStoreRow) throws -> HandoffRecord {
        let network: String = try row["network"]
        let handle: String = try row["handle"]
        let expires = Date(unixMilliseconds: (try row["handoff_expires_at"] as Int64?) ?? 0)
        let next = Date(unixMilliseconds: try row["next_attempt_at"])
        return HandoffRecord(deliveryID: try row["id"], postID: try row["post_id"], account: "\(network):@\(handle)", caption: try row["caption"],
                             bundle: (try row["handoff_path"] as String?) ?? "", handedOffAt: Date(unixMilliseconds: try row["updated_at"]),
                             remindAt: next < expires ? next : nil, expiresAt: expires, dueAt: Date(unixMilliseconds: try row["due_at"]))
    }
}

/// Whether a handoff is due for a reminder or its expiry.
package struct HandoffDueStatement: PreparedQuery {
    package static let sql: String = text(of: HandoffDueStatement(now: 0))
    package let query: PostgresQuery

    package init(now databaseNow: Int64) {
        query = "SELECT EXISTS (SELECT 1 FROM delivery WHERE state = 'handed_off' AND next_attempt_at <= \(databaseNow))"
    }
}
