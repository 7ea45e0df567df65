import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresSchema {
    /// What SQLite's v20 adds: each delivery's text key, indexed with its account and due time. The keys of the rows
    /// already there are filled in by ``PostgresStore/fillMissingTextKeys(_:)`` (the key is worked out in Swift, and a
    /// migration here is SQL); the partial index finds the rows still without one.
    package static let v16 = """
        ALTER TABLE delivery ADD COLUMN text_key BIGINT;
        CREATE INDEX delivery_same_text ON delivery (account_id, text_key, post_due_at);
        CREATE INDEX delivery_without_text_key ON delivery (id) WHERE text_key IS NULL;
        """
}

extension PostgresStore {
    /// Gives every delivery without a text key its key, 10,000 at a time; run where the migrations run, under their
    /// lock, so a database migrated by v16 has every key before it serves. With none missing it is one index probe.
    package static func fillMissingTextKeys(_ session: PostgresSession) async throws {
        while true {
            let rows = try await session.rows("""
                SELECT d.id, COALESCE(d.text_override, p.text) AS text FROM delivery d JOIN post p ON p.id = d.post_id
                WHERE d.text_key IS NULL ORDER BY d.id LIMIT 10000
                """)
            guard !rows.isEmpty else { return }
            try await storeTextKeys(rows, session)
        }
    }

    /// Gives the post's deliveries the keys of their texts as they now are, after an edit changed a text or added an
    /// account; within the caller's transaction.
    package static func refreshTextKeys(postID: Int64, _ session: PostgresSession) async throws {
        let rows = try await session.rows("""
            SELECT d.id, COALESCE(d.text_override, p.text) AS text FROM delivery d JOIN post p ON p.id = d.post_id WHERE d.post_id = \(postID)
            """)
        try await storeTextKeys(rows, session)
    }

    /// Each row's delivery (`id`) gets the key of its `text`, in one statement.
    private static func storeTextKeys(_ rows: [PostgresStoreRow], _ session: PostgresSession) async throws {
        guard !rows.isEmpty else { return }
        let ids = try rows.map { try $0["id"] as Int64 }
        let keys = try rows.map { SameTextKey.of(try $0["text"] as String) }
        try await session.execute("""
            UPDATE delivery d SET text_key = k.key FROM unnest(\(ids)::bigint[], \(keys)::bigint[]) AS k(id, key) WHERE d.id = k.id
            """)
    }

    /// X's duplicate-content rule: for each probe, the account's deliveries in the window whose text has the same key
    /// (`delivery_same_text`), their texts then compared whole; all in one read. Due times are stored as given, not as
    /// database time.
    package func sameText(_ probes: [SameTextProbe]) async throws -> [SameTextPost?] {
        try await read { session in
            var found: [SameTextPost?] = []
            for probe in probes {
                let rows = try await session.rows("""
                    SELECT d.post_id, d.post_due_at, d.state, COALESCE(d.text_override, p.text) AS text
                    FROM delivery d JOIN post p ON p.id = d.post_id
                    WHERE d.account_id = \(probe.accountID) AND d.text_key = \(SameTextKey.of(probe.text))
                      AND d.post_due_at BETWEEN \(probe.from.unixMilliseconds) AND \(probe.to.unixMilliseconds)
                      AND d.state IN \(unescaped: SameTextStates.sql) AND d.post_id != \(probe.excluding ?? -1)
                    ORDER BY d.post_due_at
                    """)
                found.append(try Self.sameTextPost(rows, wanted: SameTextKey.comparable(probe.text)))
            }
            return found
        }
    }

    /// The first of `rows` whose text is `wanted`, compared whole (keys can collide).
    private static func sameTextPost(_ rows: [PostgresStoreRow], wanted: String) throws -> SameTextPost? {
        for row in rows {
            guard SameTextKey.comparable(try row["text"] as String) == wanted else { continue }
            let state: String = try row["state"]
            return SameTextPost(postID: try row["post_id"], dueAt: Date(unixMilliseconds: try row["post_due_at"]),
                                state: DeliveryState(rawValue: state) ?? .scheduled)
        }
        return nil
    }
}
