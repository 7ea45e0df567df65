import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// v20: each delivery keeps the key of its text (``SameTextKey``), indexed with its account and due time, so X's
    /// same-text rule is one index probe per post, not a read of every post of the account that day (an import of
    /// 100,000 rows into a million read hundreds of millions of rows).
    package static func migrateV20(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE delivery ADD COLUMN text_key INTEGER;
            CREATE INDEX delivery_same_text ON delivery (account_id, text_key, post_due_at);
            """)
        try fillMissingTextKeys(db)
    }

    /// Gives every delivery without a text key its key, 10,000 at a time (the migration's rows).
    package static func fillMissingTextKeys(_ db: Database) throws {
        var after: Int64 = 0
        while true {
            let rows = try Row.fetchAll(db, sql: """
                SELECT d.id, COALESCE(d.text_override, p.text) AS text FROM delivery d JOIN post p ON p.id = d.post_id
                WHERE d.id > ? AND d.text_key IS NULL ORDER BY d.id LIMIT 10000
                """, arguments: [after])
            guard let last = rows.last else { return }
            try storeTextKeys(rows, db)
            after = last["id"]
        }
    }

    /// Gives the post's deliveries the keys of their texts as they now are, after an edit changed a text or added an
    /// account; within the caller's transaction.
    package static func refreshTextKeys(postID: Int64, _ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT d.id, COALESCE(d.text_override, p.text) AS text FROM delivery d JOIN post p ON p.id = d.post_id WHERE d.post_id = ?
            """, arguments: [postID])
        try storeTextKeys(rows, db)
    }

    /// Each row's delivery (`id`) gets the key of its `text`.
    private static func storeTextKeys(_ rows: [Row], _ db: Database) throws {
        for row in rows {
            try db.cachedStatement(sql: "UPDATE delivery SET text_key = ? WHERE id = ?").execute(arguments: [SameTextKey.of(row["text"]), row["id"]])
        }
    }

    /// X's duplicate-content rule: for each probe, the account's deliveries in the window whose text has the same key
    /// (`delivery_same_text`), their texts then compared whole; all in one read.
    package func sameText(_ probes: [SameTextProbe]) async throws -> [SameTextPost?] {
        try await writer.read { db in
            let statement = try db.cachedStatement(sql: """
                SELECT d.post_id, d.post_due_at, d.state, COALESCE(d.text_override, p.text) AS text
                FROM delivery d INDEXED BY delivery_same_text JOIN post p ON p.id = d.post_id
                WHERE d.account_id = :account AND d.text_key = :key AND d.post_due_at BETWEEN :from AND :to
                  AND d.state IN \(SameTextStates.sql) AND d.post_id != :excluding
                ORDER BY d.post_due_at
                """)
            return try probes.map { probe in
                let wanted = SameTextKey.comparable(probe.text)
                let rows = try Row.fetchAll(statement, arguments: ["account": probe.accountID, "key": SameTextKey.of(probe.text),
                                                                   "from": probe.from.unixMilliseconds, "to": probe.to.unixMilliseconds,
                                                                   "excluding": probe.excluding ?? -1])
                guard let row = rows.first(where: { SameTextKey.comparable($0["text"]) == wanted }) else { return nil }
                return SameTextPost(postID: row["post_id"], dueAt: Date(unixMilliseconds: row["post_due_at"]),
                                    state: DeliveryState(rawValue: row["state"]) ?? .scheduled)
            }
        }
    }
}
