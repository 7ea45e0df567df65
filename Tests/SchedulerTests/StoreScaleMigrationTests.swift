import Foundation
import GRDB
import PostgresNIO
import PostgresTestCluster
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// SQLite's v12 and PostgreSQL's v8 on a database with posts in it: the listing key is filled in and the counts are seeded
/// from the rows already there, then kept.
@Suite struct StoreScaleMigrationTests {
    let now = referenceNow

    /// Two accounts, posts due at equal and different times and a draft, deliveries in several states: what an older
    /// schedulerd left.
    static let olderRows = """
        INSERT INTO account (id, network, remote_id, handle, auth_kind, created_at, updated_at)
            VALUES (1, 'x', 'r1', 'runner', 'oauth1', 0, 0), (2, 'x', 'r2', 'club', 'oauth1', 0, 0);
        INSERT INTO post (id, text, due_at, due_zone, due_local, lateness_limit_s, created_at, updated_at) VALUES
            (1, 'one', 5000, 'UTC', 'x', 60, 0, 0), (2, 'two', 5000, 'UTC', 'x', 60, 0, 0), (3, 'three', 9000, 'UTC', 'x', 60, 0, 0),
            (4, 'four', 3000, 'UTC', 'x', 60, 0, 0), (5, 'draft', 0, 'UTC', '', 60, 0, 0);
        INSERT INTO delivery (id, post_id, account_id, state, next_attempt_at, updated_at) VALUES
            (1, 1, 1, 'scheduled', 5000, 0), (2, 1, 2, 'published', 5000, 0), (3, 2, 1, 'scheduled', 5000, 0),
            (4, 3, 2, 'failed', 9000, 0), (5, 4, 1, 'publishing', 3000, 0), (6, 4, 2, 'retrying', 3000, 0), (7, 5, 1, 'draft', 0, 0);
        """

    /// What the counts and the listing must say about ``olderRows`` once migrated.
    private func expectMigrated(_ store: any StoreInspection, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await store.summary(now: now).deliveries == ["scheduled": 2, "published": 1, "failed": 1, "publishing": 1, "retrying": 1,
                                                                 "draft": 1], sourceLocation: sourceLocation)
        #expect(try await store.account(reference: "1").pendingPosts == 3, sourceLocation: sourceLocation)
        #expect(try await store.account(reference: "2").pendingPosts == 1, sourceLocation: sourceLocation)
        for (filter, accountID, ids) in [(StateFilter.all, nil, [3, 2, 1, 4, 5]), (.pending, nil, [4, 1, 2]), (.pending, 1, [4, 1, 2]),
                                         (.all, 2, [3, 1, 4]), (.states([.draft]), nil, [5])] as [(StateFilter, Int64?, [Int64])] {
            var listed: [Int64] = []
            var after: ListPosition?
            repeat {
                let page = try await store.listPosts(filter: filter, accountID: accountID, after: after, offset: 0, limit: 2)
                listed += page.posts.map(\.id)
                after = page.next
            } while after != nil
            #expect(listed == ids, "\(filter), account \(accountID.map(String.init) ?? "any")", sourceLocation: sourceLocation)
        }
        // And kept from there on.
        let runner = try await store.account(reference: "1")
        try await store.addPost("new", due: now.addingTimeInterval(60), to: [runner])
        _ = try await store.cancelPost(id: 2, now: now)
        #expect(try await store.summary(now: now).deliveries == store.deliveriesCountedByState(), sourceLocation: sourceLocation)
        #expect(try await store.account(reference: "1").pendingPosts == 3, sourceLocation: sourceLocation)
    }

    @Test func sqliteV12_onAV11Database_fillsTheListingKey_andSeedsTheCountsFromItsRows() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "v11: threads, first comments and media per part")
        try await queue.write { db in try db.execute(sql: Self.olderRows) }
        try queue.close()

        let store = try SQLiteStore.open(path: path)
        let unfilled = try await store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM delivery d WHERE d.post_due_at IS NOT (SELECT due_at FROM post WHERE id = d.post_id)")
        }
        #expect(unfilled == 0)
        try await expectMigrated(store)
    }

    @Test func postgresV8_onAV7Database_fillsTheListingKey_andSeedsTheCountsFromItsRows() async throws {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()
        var ledger = "CREATE TABLE schedulerd_migration (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL);\n"
        for migration in PostgresSchema.migrations.prefix(7) {
            ledger += migration.sql + ";\nINSERT INTO schedulerd_migration (id, applied_at) VALUES ('\(migration.id)', 0);\n"
        }
        let sequences = ["account", "post", "delivery"].map { "SELECT setval(pg_get_serial_sequence('\($0)', 'id'), 100);" }.joined(separator: "\n")
        _ = try await cluster.psql(ledger + Self.olderRows + sequences, database: database.name)

        try await withPostgresStore(on: database, lease: 86_400, register: false) { store in
            let unfilled = try await store.read { session in
                try await session.value("""
                    SELECT count(*) FROM delivery d WHERE d.post_due_at IS DISTINCT FROM (SELECT due_at FROM post WHERE id = d.post_id)
                    """, as: Int64.self)
            }
            #expect(unfilled == 0)
            try await expectMigrated(store)
            // Folded, the ledger says the same.
            try await store.foldDeliveryCounts()
            #expect(try await store.summary(now: now).deliveries == store.deliveriesCountedByState())
        }
    }
}
