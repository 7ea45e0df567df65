import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// Events the hooks still have to accept, oldest first, for the one daemon that sends them (the hook sender).
    ///
    /// Hooks hear about events once and in order, so across daemons one sends them: the first daemon with hooks
    /// to ask takes the role (a `setting` row naming it) and keeps it while its lease is renewed; the others get
    /// nothing. When the sender dies, another takes the role at its next call (woken by the next event, or by the
    /// lease renewal noticing the role is vacant while events wait: ``wakeHookSenderIfVacant(_:)``).
    package func pendingHookEvents(limit: Int) async throws -> [PendingHookEvent] {
        let me = identity.id
        return try await write { session in
            let sender = try await session.row("""
                INSERT INTO setting (name, value) VALUES ('hook_sender', \(me))
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                WHERE setting.value = excluded.value OR NOT EXISTS (
                    SELECT 1 FROM daemon d WHERE d.id = setting.value AND d.stopped_at IS NULL AND d.lease_until >= schedulerd_now_ms())
                RETURNING value
                """)
            guard sender != nil else { return [] }
            return try await session.rows("""
                SELECT id, payload, hook_attempts, hook_next_at, hooks_accepted, hook_last_error
                FROM event WHERE NOT notified ORDER BY id LIMIT \(Int64(limit))
                """).compactMap { row in
                guard let event = try Self.eventRecord(row) else { return nil }
                let next: Int64? = try row["hook_next_at"]
                return PendingHookEvent(id: try row["id"], event: event, attempts: Int(try row["hook_attempts"] as Int32),
                                        nextAttemptAt: next.map(localDate),
                                        accepted: HookSet(rawValue: Int(try row["hooks_accepted"] as Int32)),
                                        lastError: try row["hook_last_error"])
            }
        }
    }

    /// At each lease renewal: when events wait for the hooks and no live daemon holds the sender role (it died), the
    /// event buses here are woken to take it. One query per renewal, no loop of its own.
    package func wakeHookSenderIfVacant(_ session: PostgresSession) async throws {
        let vacant = try await session.value("""
            SELECT EXISTS (SELECT 1 FROM event WHERE NOT notified) AND NOT EXISTS (
                SELECT 1 FROM setting s JOIN daemon d ON d.id = s.value
                WHERE s.name = 'hook_sender' AND d.stopped_at IS NULL AND d.lease_until >= schedulerd_now_ms())
            """, as: Bool.self) ?? false
        if vacant { eventsCommitted.signal() }
    }

    /// A failed attempt: counted, with what already accepted it, the error (no secrets) and the next try.
    package func recordHookFailure(id: Int64, accepted: HookSet, error: String, nextAttemptAt: Date) async throws {
        try await write { session in
            try await session.execute("""
                UPDATE event SET hook_attempts = hook_attempts + 1, hooks_accepted = \(Int32(truncatingIfNeeded: accepted.rawValue)),
                    hook_last_error = \(String(error.prefix(500))), hook_next_at = \(databaseMilliseconds(nextAttemptAt))
                WHERE id = \(id) AND NOT notified
                """)
        }
    }

    /// No hook is told about this event any more; `status` counts it.
    package func giveUpHooks(id: Int64) async throws {
        try await write { session in
            try await session.execute("UPDATE event SET notified = true, hook_given_up = true, hook_next_at = NULL WHERE id = \(id) AND NOT notified")
        }
    }

    /// What `status` says about the hooks: nil unless one is failing or events were given up.
    package static func hookBacklog(_ session: PostgresSession) async throws -> HookBacklogRecord? {
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
        return HookBacklogRecord(waiting: failing ? count : 0, waitingSince: since.map(Date.init(unixMilliseconds:)),
                                lastError: lastError, givenUp: givenUp)
    }
}
