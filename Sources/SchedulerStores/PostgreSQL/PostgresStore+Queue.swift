import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore: QueueStore {
    /// Taken with `pg_advisory_xact_lock` by every transaction that places a post in a slot or moves one, so two
    /// daemons scheduling at once cannot both see a slot free.
    package static let queueLock: Int64 = 0x5343_4851_5545_5545  // "SCHQUEUE"

    package func slots(accountID: Int64) async throws -> WeeklySlots? {
        try await read { session in
            let rows = try await session.rows("""
                SELECT weekday, minute, zone FROM posting_slot WHERE account_id = \(accountID) ORDER BY weekday, minute
                """)
            guard let zone = try rows.first.map({ try $0["zone"] as String }) else { return nil }
            return WeeklySlots(zone: zone, slots: try rows.map {
                WeeklySlots.Slot(weekday: Int(try $0["weekday"] as Int32), minute: Int(try $0["minute"] as Int32))
            })
        }
    }

    package func replaceSlots(accountID: Int64, with slots: WeeklySlots?, retiming: [QueueRetime], now: Date) async throws {
        try await write { session in
            try await session.execute("SELECT pg_advisory_xact_lock(\(Self.queueLock))")
            guard try await session.row("SELECT id FROM account WHERE id = \(accountID)") != nil else {
                throw PostRefusals.noAccount(id: accountID)
            }
            try await session.execute("DELETE FROM posting_slot WHERE account_id = \(accountID)")
            if let slots {
                for slot in slots.slots {
                    try await session.execute("""
                        INSERT INTO posting_slot (account_id, weekday, minute, zone)
                        VALUES (\(accountID), \(Int32(slot.weekday)), \(Int32(slot.minute)), \(slots.zone))
                        """)
                }
            }
            let ms = databaseMilliseconds(now)
            for move in retiming {
                let due = move.to.instant.unixMilliseconds
                let moved = try await session.rows("""
                    UPDATE post SET due_at = \(due), due_zone = \(move.to.zoneIdentifier), due_local = \(move.to.wallClock), updated_at = \(ms)
                    WHERE id = \(move.postID) AND queued AND due_at = \(move.from.unixMilliseconds)
                      AND NOT EXISTS (SELECT 1 FROM delivery WHERE post_id = post.id AND state != 'scheduled')
                    RETURNING id
                    """)
                guard moved.count == 1 else { throw PostRefusals.queuedPostMoved(move.postID) }
                try await session.execute("UPDATE delivery SET next_attempt_at = \(due), updated_at = \(ms) WHERE post_id = \(move.postID)")
            }
            if !retiming.isEmpty { try await session.notifyDueTimesChanged() }
        }
    }

    package func queuedPosts(accountIDs: [Int64]?, from: Date) async throws -> [PostRecord] {
        try await read { session in
            let rows = try await session.rows("""
                SELECT p.* FROM post p
                WHERE p.queued AND p.due_at >= \(from.unixMilliseconds)
                  AND (\(accountIDs)::bigint[] IS NULL
                       OR EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.account_id = ANY(\(accountIDs)::bigint[])))
                  AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.state != 'scheduled')
                ORDER BY p.due_at, p.id
                """)
            return try await Self.postRecords(rows, session)
        }
    }

    package func dueTimes(accountIDs: [Int64], from: Date, through: Date) async throws -> [AccountDueTime] {
        guard !accountIDs.isEmpty else { return [] }
        return try await read { session in
            try await session.rows(Self.dueTimesQuery(accountIDs, from: from.unixMilliseconds, through: through.unixMilliseconds)).map {
                AccountDueTime(accountID: try $0["account_id"] as Int64, dueAt: Date(unixMilliseconds: try $0["post_due_at"] as Int64))
            }
        }
    }

    /// Each account's deliveries still to go out within a range of due times: a range of `delivery_by_account`
    /// (account, state, due) per account and state.
    package static func dueTimesQuery(_ accountIDs: [Int64], from: Int64, through: Int64) -> PostgresQuery {
        """
        SELECT account_id, post_due_at FROM delivery
        WHERE account_id = ANY(\(accountIDs)) AND state IN (\(unescaped: DeliveryLifecycle.sql(DeliveryLifecycle.holdsSlot)))
          AND post_due_at BETWEEN \(from) AND \(through)
        """
    }

    /// Within the transaction storing a queued post, under the queue's lock: no post still to go out to one of its
    /// accounts (queued or not) is due in the same minute.
    package static func ensureSlotIsFree(_ due: Int64, accountIDs: [Int64], _ session: PostgresSession) async throws {
        try await session.execute("SELECT pg_advisory_xact_lock(\(queueLock))")
        let minute = SlotFinder.minute(of: Date(unixMilliseconds: due)).unixMilliseconds
        let taken = try await session.rows(dueTimesQuery(accountIDs, from: minute, through: minute + 59_999)).isEmpty == false
        if taken { throw SlotTaken(instant: Date(unixMilliseconds: due)) }
    }
}
