import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// Events the hooks still have to accept, oldest first (read from the partial index `event_unnotified`).
    package func pendingHookEvents(limit: Int) async throws -> [PendingHookEvent] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, payload, hook_attempts, hook_next_at, hooks_accepted, hook_last_error
                FROM event INDEXED BY event_unnotified WHERE notified = 0 ORDER BY id LIMIT ?
                """, arguments: [limit]).compactMap { row in
                guard let event = Self.eventRecord(row) else { return nil }
                let next: Int64? = row["hook_next_at"]
                return PendingHookEvent(id: row["id"], event: event, attempts: row["hook_attempts"],
                                        nextAttemptAt: next.map(Date.init(unixMilliseconds:)),
                                        accepted: HookSet(rawValue: row["hooks_accepted"]), lastError: row["hook_last_error"])
            }
        }
    }

    /// A failed attempt: counted, with what already accepted it, the error (no secrets) and the next try.
    package func recordHookFailure(id: Int64, accepted: HookSet, error: String, nextAttemptAt: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                UPDATE event SET hook_attempts = hook_attempts + 1, hooks_accepted = ?, hook_last_error = ?, hook_next_at = ?
                WHERE id = ? AND notified = 0
                """, arguments: [accepted.rawValue, String(error.prefix(500)), nextAttemptAt.unixMilliseconds, id])
        }
    }

    /// No hook is told about this event any more; `status` counts it.
    package func giveUpHooks(id: Int64) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE event SET notified = 1, hook_given_up = 1, hook_next_at = NULL WHERE id = ? AND notified = 0", arguments: [id])
        }
    }

    /// What `status` says about the hooks: nil unless one is failing or events were given up.
    package static func hookBacklog(_ db: Database) throws -> HookBacklogRecord? {
        let waiting = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) AS n, MIN(at) AS since, MAX(hook_attempts) AS tried FROM event INDEXED BY event_unnotified WHERE notified = 0
            """))
        let count: Int = waiting?["n"] ?? 0
        let tried: Int = waiting?["tried"] ?? 0
        let givenUp = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) FROM event INDEXED BY event_hook_given_up WHERE hook_given_up = 1
            """)) ?? 0
        let failing = count > 0 && tried > 0
        guard failing || givenUp > 0 else { return nil }
        let lastError = failing ? try String.fetchOne(db.cachedStatement(sql: """
            SELECT hook_last_error FROM event INDEXED BY event_unnotified WHERE notified = 0 AND hook_last_error IS NOT NULL
            ORDER BY id LIMIT 1
            """)) : nil
        let since: Int64? = failing ? waiting?["since"] : nil
        return HookBacklogRecord(waiting: failing ? count : 0, waitingSince: since.map(Date.init(unixMilliseconds:)),
                                lastError: lastError, givenUp: givenUp)
    }
}
