import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore: EventStore {
    /// Events after `id`, oldest first.
    package func events(after id: Int64, limit: Int) async throws -> [EventRecord] {
        try await read { session in
            try await session.rows("SELECT id, payload FROM event WHERE id > \(id) ORDER BY id LIMIT \(Int64(limit))")
                .compactMap(Self.eventRecord)
        }
    }

    /// The last `count` events, oldest first.
    package func recentEvents(_ count: Int) async throws -> [EventRecord] {
        try await read { session in
            try await session.rows("""
                SELECT id, payload FROM (SELECT id, payload FROM event ORDER BY id DESC LIMIT \(Int64(count))) AS recent ORDER BY id
                """).compactMap(Self.eventRecord)
        }
    }

    package func latestEventID() async throws -> Int64 {
        try await read { session in try await session.value("SELECT max(id) FROM event", as: Int64.self) ?? 0 }
    }

    package func markNotified(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await write { session in
            try await session.execute("UPDATE event SET notified = true WHERE id = ANY(\(ids))")
        }
    }

    /// At start: events older than `before` (a day: ``HookRetryPolicy/giveUpAfter``) that no hook accepted are not
    /// sent any more (nobody wants a day-old "published" notification); with hooks configured they count as given
    /// up, as the event bus would have counted them. Events past `retention` are deleted.
    package func settleOldEvents(before: Date, retention: TimeInterval, hooksConfigured: Bool, now: Date) async throws {
        try await write { session in
            try await session.execute("""
                UPDATE event SET notified = true, hook_given_up = \(hooksConfigured), hook_next_at = NULL
                WHERE NOT notified AND at < \(databaseMilliseconds(before))
                """)
            try await session.execute("DELETE FROM event WHERE at < \(databaseMilliseconds(now.addingTimeInterval(-retention)))")
        }
    }

    /// A daemon with no hooks configured says nothing here: in a shared store, the daemons that have hooks send them
    /// (one of them, the hook sender), and a daemon without must not mark their events as told. Events no hook
    /// hears about are settled at a start a day later, as in SQLite.
    package func markAllNotified() async throws {}

    package static func eventRecord(_ row: PostgresStoreRow) throws -> EventRecord? {
        let payload: String = try row["payload"]
        guard var event = try? JSONCoding.decoder().decode(EventRecord.self, from: Data(payload.utf8)) else { return nil }
        event.id = try row["id"]
        return event
    }
}
