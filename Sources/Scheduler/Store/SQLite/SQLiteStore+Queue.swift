import Foundation
import GRDB
import SchedulerCore

extension SQLiteStore: QueueStore {
    public func slots(accountID: Int64) async throws -> WeeklySlots? {
        try await writer.read { db in try Self.slots(accountID: accountID, db) }
    }

    static func slots(accountID: Int64, _ db: Database) throws -> WeeklySlots? {
        let rows = try Row.fetchAll(db, sql: "SELECT weekday, minute, zone FROM posting_slot WHERE account_id = ? ORDER BY weekday, minute",
                                    arguments: [accountID])
        guard let zone = rows.first?["zone"] as String? else { return nil }
        return WeeklySlots(zone: zone, slots: rows.map { WeeklySlots.Slot(weekday: $0["weekday"], minute: $0["minute"]) })
    }

    public func replaceSlots(accountID: Int64, with slots: WeeklySlots?, retiming: [QueueRetime], now: Date) async throws {
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

    public func queuedPosts(accountIDs: [Int64]?, from: Date) async throws -> [PostView] {
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
            return try Self.postViews(rows, db)
        }
    }

    /// Within the transaction storing a queued post: no other queued post still to go out to one of its accounts
    /// has this time.
    static func ensureSlotIsFree(_ due: Int64, accountIDs: [Int64], _ db: Database) throws {
        guard !accountIDs.isEmpty else { return }
        let placeholders = Array(repeating: "?", count: accountIDs.count).joined(separator: ", ")
        let taken = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM post p JOIN delivery d ON d.post_id = p.id
                           WHERE p.queued = 1 AND p.due_at = ? AND d.account_id IN (\(placeholders)) AND d.state != 'cancelled')
            """, arguments: StatementArguments([due]) + StatementArguments(accountIDs)) ?? false
        if taken { throw SlotTaken(instant: Date(unixMilliseconds: due)) }
    }
}
