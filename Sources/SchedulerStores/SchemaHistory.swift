import GRDB

/// The one history of schedulerd's schema: each step says what SQLite runs and what PostgreSQL runs, under the name
/// each database records it by. A step must name both dialects (what each runs, or which earlier step of the dialect
/// already holds it), so a change to one store's tables cannot be written without deciding the other's; both stores'
/// migration lists are read from here. Steps are never edited once released: add a new one instead.
///
/// PostgreSQL arrived after SQLite's seventh step, so its first migration holds SQLite's first seven; the shared
/// budgets and the media kept in the database exist only where daemons share a store.
package enum SchemaHistory {
    package struct Step: Sendable {
        /// What the step brings, in a few words.
        package let what: String
        package let sqlite: Part<SQLiteMigration>
        package let postgres: Part<PostgresMigration>
    }

    /// What one dialect does for a step.
    package enum Part<Migration: Sendable>: Sendable {
        /// Runs this migration.
        case runs(Migration)
        /// An earlier migration of this dialect, named, already made it.
        case heldBy(String)
        /// This dialect needs nothing for it, and why.
        case notNeeded(because: String)

        package var migration: Migration? {
            if case .runs(let migration) = self { return migration }
            return nil
        }
    }

    package struct SQLiteMigration: Sendable {
        package let id: String
        package let apply: @Sendable (Database) throws -> Void
    }

    package struct PostgresMigration: Sendable {
        package let id: String
        package let sql: String
    }

    package static let steps: [Step] = [
        Step(what: "accounts, posts, deliveries and attempts",
             sqlite: .runs(.init(id: "v1: accounts, posts, deliveries, attempts", apply: SQLiteStore.migrateV1)),
             postgres: .runs(.init(id: "v1: the shared store", sql: PostgresSchema.v1))),
        Step(what: "why an account needs attention",
             sqlite: .runs(.init(id: "v2: why an account needs attention", apply: SQLiteStore.migrateV2)), postgres: .heldBy("v1: the shared store")),
        Step(what: "media attached to posts",
             sqlite: .runs(.init(id: "v3: media attached to posts", apply: SQLiteStore.migrateV3)), postgres: .heldBy("v1: the shared store")),
        Step(what: "Instagram handoff",
             sqlite: .runs(.init(id: "v4: Instagram handoff", apply: SQLiteStore.migrateV4)), postgres: .heldBy("v1: the shared store")),
        Step(what: "reconciliation, throttling, pause and events",
             sqlite: .runs(.init(id: "v5: reconciliation, throttling, pause and events", apply: SQLiteStore.migrateV5)),
             postgres: .heldBy("v1: the shared store")),
        Step(what: "networks paused as a whole",
             sqlite: .runs(.init(id: "v6: networks paused as a whole", apply: SQLiteStore.migrateV6)), postgres: .heldBy("v1: the shared store")),
        Step(what: "hook delivery attempts",
             sqlite: .runs(.init(id: "v7: hook delivery attempts", apply: SQLiteStore.migrateV7)), postgres: .heldBy("v1: the shared store")),
        Step(what: "rate-limit budgets shared by the daemons",
             sqlite: .notNeeded(because: "one daemon keeps its budget in memory, seeded from the deliveries at start"),
             postgres: .runs(.init(id: "v2: shared rate-limit budgets", sql: PostgresSchema.v2))),
        Step(what: "media kept in the database",
             sqlite: .notNeeded(because: "one daemon's state directory holds the only copy of its media"),
             postgres: .runs(.init(id: "v3: media kept in the database", sql: PostgresSchema.v3))),
        pair("drafts", sqlite: ("v8: drafts", SQLiteStore.migrateV8), postgres: ("v4: drafts", PostgresSchema.v4)),
        pair("posting slots and the queue", sqlite: ("v9: posting slots and the queue", SQLiteStore.migrateV9),
             postgres: ("v5: posting slots and the queue", PostgresSchema.v5)),
        pair("repeating posts", sqlite: ("v10: repeating posts", SQLiteStore.migrateV10), postgres: ("v6: repeating posts", PostgresSchema.v6)),
        pair("threads, first comments and media per part", sqlite: ("v11: threads, first comments and media per part", SQLiteStore.migrateV11),
             postgres: ("v7: threads, first comments and media per part", PostgresSchema.v7)),
        pair("keyset listing and counts kept by state", sqlite: ("v12: keyset listing and counts kept by state", SQLiteStore.migrateV12),
             postgres: ("v8: keyset listing and counts kept by state", PostgresSchema.v8)),
        pair("media by file", sqlite: ("v13: media by file", SQLiteStore.migrateV13), postgres: ("v9: media by file", PostgresSchema.v9)),
        pair("accounts refused for a permission", sqlite: ("v14: accounts refused for a permission", SQLiteStore.migrateV14),
             postgres: ("v10: accounts refused for a permission", PostgresSchema.v10)),
        pair("Bluesky, Mastodon and Threads, and keys stored before publishing",
             sqlite: ("v15: Bluesky, Mastodon and Threads, and keys stored before publishing", SQLiteStore.migrateV15),
             postgres: ("v11: Bluesky, Mastodon and Threads, and keys stored before publishing", PostgresSchema.v11)),
        pair("a post's visibility, content warning and language", sqlite: ("v16: a post's visibility, content warning and language", SQLiteStore.migrateV16),
             postgres: ("v12: a post's visibility, content warning and language", PostgresSchema.v12)),
        pair("the web app's people and sessions", sqlite: ("v17: the web app's people and sessions", SQLiteStore.migrateV17),
             postgres: ("v13: the web app's people and sessions", PostgresSchema.v13)),
        pair("posts awaiting an owner's approval", sqlite: ("v18: posts awaiting an owner's approval", SQLiteStore.migrateV18),
             postgres: ("v14: posts awaiting an owner's approval", PostgresSchema.v14)),
        pair("the files the inbox folder took", sqlite: ("v19: the files the inbox folder took", SQLiteStore.migrateV19),
             postgres: ("v15: the files the inbox folder took", PostgresSchema.v15)),
        pair("the key of each delivery's text, for X's same-text rule", sqlite: ("v20: the key of each delivery's text", SQLiteStore.migrateV20),
             postgres: ("v16: the key of each delivery's text", PostgresSchema.v16)),
        pair("the boot-time reading of each publish key", sqlite: ("v21: the boot-time reading of each publish key", SQLiteStore.migrateV21),
             postgres: ("v17: the boot-time reading of each publish key", PostgresSchema.v17)),
        pair("which occurrences of a series were edited alone", sqlite: ("v22: which occurrences were edited alone", SQLiteStore.migrateV22),
             postgres: ("v18: which occurrences were edited alone", PostgresSchema.v18)),
        pair("who wrote each post, and rejections its author has yet to act on", sqlite: ("v23: who wrote each post", SQLiteStore.migrateV23),
             postgres: ("v19: who wrote each post", PostgresSchema.v19)),
    ]

    /// SQLite's migrations, in order.
    package static var sqlite: [SQLiteMigration] { steps.compactMap(\.sqlite.migration) }
    /// PostgreSQL's migrations, in order.
    package static var postgres: [PostgresMigration] { steps.compactMap(\.postgres.migration) }

    /// A step both dialects run, each its own migration.
    private static func pair(_ what: String, sqlite: (String, @Sendable (Database) throws -> Void), postgres: (String, String)) -> Step {
        Step(what: what, sqlite: .runs(.init(id: sqlite.0, apply: sqlite.1)), postgres: .runs(.init(id: postgres.0, sql: postgres.1)))
    }
}
