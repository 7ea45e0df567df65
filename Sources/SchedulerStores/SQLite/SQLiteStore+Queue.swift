import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore: QueueStore {
    package func slots(accountID: Int64) async throws -> WeeklySlots? {
        try await writer.read { db in try Self.slots(accountID: accountID, db) }
    }

    package static func slots(accountID: Int64, _ db: Database) throws -> WeeklySlots? {
        let rows = try Row.fetchAll(db, sql: "SELECT weekday, minute, zone FROM posting_slot WHERE account_id = ? ORDER BY weekday, minute",
                                    arguments: [accountID])
        guard let zone = rows.first?["zone"] as String? else { return nil }
        return WeeklySlots(zone: zone, slots: rows.map { WeeklySlots.Slot(weekday: $0["weekday"], minute: $0["minute"]) })
    }

    package func replaceSlots(accountID: Int64, with slots: WeeklySlots?, retiming: [QueueRetime], now: Date) async throws {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)", arguments: [accountID]) == true else {
                throw PostRefusals.noAccount(id: accountID)
            }
            try db.execute(sql: "DELETE FROM posting_slot WHERE account_id = ?", arguments: [accountID])
            for slot in slots?.slots ?? [] {
                try db.execute(sql: "INSERT INTO posting_slot (account_id, weekday, minute, zone) VALUES (?, ?, ?, ?)",
                               arguments: [accountID, slot.weekday, slot.minute, slots!.zone])
            }
            let ms = now.unixMilliseconds
            for move in retiming {
                let due = move.to.instant.unixMilliseconds
                try db.execute(sql: """
                    UPDATE post SET due_at = ?, due_zone = ?, due_local = ?, updated_at = ?
                    WHERE id = ? AND queued = 1 AND due_at = ?
                      AND NOT EXISTS (SELECT 1 FROM delivery WHERE post_id = post.id AND state != 'scheduled')
                    """, arguments: [due, move.to.zoneIdentifier, move.to.wallClock, ms, move.postID, move.from.unixMilliseconds])
                guard db.changesCount == 1 else { throw PostRefusals.queuedPostMoved(move.postID) }
                try db.execute(sql: "UPDATE delivery SET next_attempt_at = ?, updated_at = ? WHERE post_id = ?", arguments: [due, ms, move.postID])
            }
        }
    }

    package func queuedPosts(accountIDs: [Int64]?, from: Date) async throws -> [PostRecord] {
        if accountIDs?.isEmpty == true { return [] }
        return try await writer.read { db in
            var accountCondition = ""
            var arguments: StatementArguments = [from.unixMilliseconds]
            if let accountIDs {
                accountCondition = "AND EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.account_id IN (\(Array(repeating: "?", count: accountIDs.count).joined(separator: ", "))))"
                _ = arguments.append(contentsOf: StatementArguments(accountIDs))
            }
            let rows = try Row.fetchAll(db, sql: """
                SELECT p.* FROM post p INDEXED BY post_queued
                WHERE p.queued = 1 AND p.due_at >= ? \(accountCondition)
                  AND NOT EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.state != 'scheduled')
                ORDER BY p.due_at, p.id
                """, arguments: arguments)
            return try Self.postRecords(rows, db)
        }
    }

    package func dueTimes(accountIDs: [Int64], from: Date, through: Date) async throws -> [AccountDueTime] {
        guard !accountIDs.isEmpty else { return [] }
        return try await writer.read { db in
            try Row.fetchAll(db, sql: Self.dueTimesSQL(accounts: accountIDs.count),
                             arguments: StatementArguments(accountIDs) + [from.unixMilliseconds, through.unixMilliseconds])
                .map { AccountDueTime(accountID: $0["account_id"], dueAt: Date(unixMilliseconds: $0["post_due_at"])) }
        }
    }

    /// Each account's deliveries still to go out within a range of due times: a range of `delivery_by_account`
    /// (account, state, due) per account and state.
    package static func dueTimesSQL(accounts: Int) -> String {
        """
        SELECT account_id, post_due_at FROM delivery INDEXED BY delivery_by_account
        WHERE account_id IN (\(Array(repeating: "?", count: accounts).joined(separator: ", ")))
          AND state IN (\(DeliveryLifecycle.sql(DeliveryLifecycle.holdsSlot))) AND post_due_at BETWEEN ? AND ?
        """
    }

    /// Within the transaction storing a queued post: no post still to go out to one of its accounts (queued or not) is
    /// due in the same minute.
    package static func ensureSlotIsFree(_ due: Int64, accountIDs: [Int64], _ db: Database) throws {
        guard !accountIDs.isEmpty else { return }
        let minute = SlotFinder.minute(of: Date(unixMilliseconds: due)).unixMilliseconds
        let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (\(dueTimesSQL(accounts: accountIDs.count)))",
                                      arguments: StatementArguments(accountIDs) + [minute, minute + 59_999]) ?? false
        if taken { throw SlotTaken(instant: Date(unixMilliseconds: due)) }
    }
}
