import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// Writes `event` in the caller's transaction, so a state change and its event are committed together
    /// (or not at all), and wakes the event bus once the transaction commits.
    package static func insertEvent(_ event: EventRecord, _ db: Database, signal: WakeSignal) throws {
        let payload = event.storedPayload
        try db.cachedStatement(sql: "INSERT INTO event (at, kind, post_id, delivery_id, payload) VALUES (?, ?, ?, ?, ?)").execute(
            arguments: [event.at.unixMilliseconds, event.event, event.postId, event.deliveryId, payload])
        db.afterNextTransaction { _ in signal.signal() }
    }

    package func insertEvent(_ event: EventRecord, _ db: Database) throws {
        try Self.insertEvent(event, db, signal: eventsCommitted)
    }

    /// Events after `id`, oldest first.
    package func events(after id: Int64, limit: Int) async throws -> [EventRecord] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, payload FROM event WHERE id > ? ORDER BY id LIMIT ?", arguments: [id, limit]).compactMap(Self.eventRecord)
        }
    }

    /// The last `count` events, oldest first.
    package func recentEvents(_ count: Int) async throws -> [EventRecord] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, payload FROM (SELECT id, payload FROM event ORDER BY id DESC LIMIT ?) ORDER BY id",
                             arguments: [count]).compactMap(Self.eventRecord)
        }
    }

    package func latestEventID() async throws -> Int64 {
        try await writer.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM event") ?? 0 }
    }

    package func markNotified(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await writer.write { db in
            let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            try db.execute(sql: "UPDATE event SET notified = 1 WHERE id IN (\(placeholders))", arguments: StatementArguments(ids))
        }
    }

    /// At start: events older than `before` (a day: ``HookRetryPolicy/giveUpAfter``) that no hook accepted are not
    /// sent any more (nobody wants a day-old "published" notification); with hooks configured they count as given
    /// up, as the event bus would have counted them. Events past `retention` are deleted.
    package func settleOldEvents(before: Date, retention: TimeInterval, hooksConfigured: Bool, now: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE event SET notified = 1, hook_given_up = ?, hook_next_at = NULL WHERE notified = 0 AND at < ?",
                           arguments: [hooksConfigured ? 1 : 0, before.unixMilliseconds])
            try db.execute(sql: "DELETE FROM event WHERE at < ?", arguments: [now.addingTimeInterval(-retention).unixMilliseconds])
        }
    }

    package func markAllNotified() async throws {
        try await writer.write { db in try db.execute(sql: "UPDATE event SET notified = 1 WHERE notified = 0") }
    }

    package static func eventRecord(_ row: Row) -> EventRecord? {
        let payload: String = row["payload"]
        guard var event = try? JSONCoding.decoder().decode(EventRecord.self, from: Data(payload.utf8)) else { return nil }
        event.id = row["id"]
        return event
    }
}
