import Connectors
import Foundation
import PostgresNIO
import SchedulerCore

extension PostgresStore {
    /// Events the hooks still have to accept, oldest first (read from the partial index `event_unnotified`).
    public func pendingHookEvents(limit: Int) async throws -> [PendingHookEvent] {
        // Read as the SQLite store reads them: every daemon's event bus sees the same events. Sending each one
        // once across daemons (a claim on the event, as deliveries have) comes later.
        try await read { session in
            try await session.rows("""
                SELECT id, payload, hook_attempts, hook_next_at, hooks_accepted, hook_last_error
                FROM event WHERE NOT notified ORDER BY id LIMIT \(Int64(limit))
                """).compactMap { row in
                guard let event = try Self.eventView(row) else { return nil }
                let next: Int64? = try row["hook_next_at"]
                return PendingHookEvent(id: try row["id"], event: event, attempts: Int(try row["hook_attempts"] as Int32),
                                        nextAttemptAt: next.map(localDate),
                                        accepted: HookSet(rawValue: Int(try row["hooks_accepted"] as Int32)),
                                        lastError: try row["hook_last_error"])
            }
        }
    }

    /// A failed attempt: counted, with what already accepted it, the error (no secrets) and the next try.
    public func recordHookFailure(id: Int64, accepted: HookSet, error: String, nextAttemptAt: Date) async throws {
        try await write { session in
            try await session.execute("""
                UPDATE event SET hook_attempts = hook_attempts + 1, hooks_accepted = \(Int32(truncatingIfNeeded: accepted.rawValue)),
                    hook_last_error = \(String(error.prefix(500))), hook_next_at = \(databaseMilliseconds(nextAttemptAt))
                WHERE id = \(id) AND NOT notified
                """)
        }
    }

    /// No hook is told about this event any more; `status` counts it.
    public func giveUpHooks(id: Int64) async throws {
        try await write { session in
            try await session.execute("UPDATE event SET notified = true, hook_given_up = true, hook_next_at = NULL WHERE id = \(id) AND NOT notified")
        }
    }

    /// What `status` says about the hooks: nil unless one is failing or events were given up.
    static func hookBacklog(_ session: PostgresSession) async throws -> StatusView.Hooks? {
        // An aggregate answers one row, even over no events.
        let waiting = try await session.row("""
            SELECT count(*) AS n, min(at) AS since, max(hook_attempts) AS tried FROM event WHERE NOT notified
            """)!
        let count = Int(try waiting["n"] as Int64)
        let tried = Int((try waiting["tried"] as Int32?) ?? 0)
        let oldest: Int64? = try waiting["since"]
        let givenUp = Int(try await session.value("SELECT count(*) FROM event WHERE hook_given_up", as: Int64.self) ?? 0)
        let failing = count > 0 && tried > 0
        guard failing || givenUp > 0 else { return nil }
        var lastError: String?
        if failing {
            lastError = try await session.value("""
                SELECT hook_last_error FROM event WHERE NOT notified AND hook_last_error IS NOT NULL ORDER BY id LIMIT 1
                """, as: String.self)
        }
        let since = failing ? oldest : nil
        return StatusView.Hooks(waiting: failing ? count : 0, waitingSince: since.map(Date.init(unixMilliseconds:)),
                                lastError: lastError, givenUp: givenUp)
    }
}
