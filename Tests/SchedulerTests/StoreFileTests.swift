import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// The store on a real file: schema, permissions, refusing a file that is not ours.
@Suite struct StoreFileTests {
    @Test func migrations_createTheSchema() async throws {
        let store = try SQLiteStore.inMemory()
        let tables = try await store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name")
        }
        #expect(tables == ["account", "attempt", "delivery", "delivery_count", "delivery_part", "event", "inbox_file", "instance_app", "network_pause", "post",
                           "post_media", "post_part", "posting_slot", "publish_key", "series", "setting", "web_session", "web_user"])
        let indexes = try await store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
        }
        #expect(Set(indexes).isSuperset(of: ["delivery_due", "delivery_by_state", "delivery_by_account", "post_by_due", "attempt_by_delivery",
                                                    "event_unnotified", "attempt_by_time", "event_hook_given_up", "post_media_by_file"]))
        let applied = try await store.writer.read { db in try SQLiteStore.migrator.appliedMigrations(db) }
        #expect(applied == ["v1: accounts, posts, deliveries, attempts", "v2: why an account needs attention",
                            "v3: media attached to posts", "v4: Instagram handoff", "v5: reconciliation, throttling, pause and events",
                            "v6: networks paused as a whole", "v7: hook delivery attempts", "v8: drafts",
                            "v9: posting slots and the queue", "v10: repeating posts", "v11: threads, first comments and media per part",
                            "v12: keyset listing and counts kept by state", "v13: media by file",
                            "v14: accounts refused for a permission",
                            "v15: Bluesky, Mastodon and Threads, and keys stored before publishing",
                            "v16: a post's visibility, content warning and language",
                            "v17: the web app's people and sessions", "v18: posts awaiting an owner's approval",
                            "v19: the files the inbox folder took", "v20: the key of each delivery's text",
                            "v21: the boot-time reading of each publish key", "v22: which occurrences were edited alone", "v23: who wrote each post"])
    }

    /// v8 builds the delivery table again to let in 'draft': every row, id, attempt and index survives, and new
    /// deliveries continue the id sequence instead of reusing the ids of deleted ones.
    @Test func theDraftsMigration_keepsEveryDeliveryItsAttemptsAndTheIDSequence() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        let queue = try DatabaseQueue(path: path)
        try SQLiteStore.migrator.migrate(queue, upTo: "v7: hook delivery attempts")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO account (id, network, remote_id, handle, auth_kind, created_at, updated_at) VALUES (1, 'x', 'r1', 'runner', 'oauth1', 0, 0);
                INSERT INTO post (id, text, due_at, due_zone, due_local, lateness_limit_s, created_at, updated_at)
                    VALUES (1, 'old', 1000, 'UTC', '1970-01-01T00:00:01', 60, 0, 0), (2, 'gone', 1000, 'UTC', '1970-01-01T00:00:01', 60, 0, 0);
                INSERT INTO delivery (id, post_id, account_id, state, next_attempt_at, updated_at, remote_id, needs_check)
                    VALUES (7, 1, 1, 'published', 1000, 0, 'remote-7', 0), (8, 2, 1, 'scheduled', 1000, 0, NULL, 1);
                INSERT INTO attempt (delivery_id, started_at, finished_at, http_status, outcome) VALUES (7, 1000, 1001, 201, 'published');
                DELETE FROM post WHERE id = 2;
                """)
        }
        try queue.close()

        let store = try SQLiteStore.open(path: path)
        let (deliveries, attempts, indexes, integrity) = try await store.writer.read { db in
            (try Row.fetchAll(db, sql: "SELECT id, state, remote_id FROM delivery ORDER BY id").map { "\($0["id"] as Int64) \($0["state"] as String) \($0["remote_id"] as String? ?? "-")" },
             try Int.fetchOne(db, sql: "SELECT count(*) FROM attempt WHERE delivery_id = 7")!,
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'delivery' AND sql IS NOT NULL ORDER BY name"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check")!)
        }
        #expect(deliveries == ["7 published remote-7"])
        #expect(attempts == 1)
        #expect(indexes == ["delivery_by_account", "delivery_by_state", "delivery_due", "delivery_due_by_account", "delivery_handoff_due",
                            "delivery_same_text", "delivery_throttled"])
        #expect(integrity == "ok")
        let account = try await store.account(reference: "1")
        let draft = try await store.insertPost(NewPost(text: "new", time: nil, latenessLimitSeconds: 60, targets: [.init(accountID: account.id)]))
        #expect(draft.deliveries.map(\.state) == [.draft])
        #expect(draft.deliveries.map(\.id) == [9], "after the deleted delivery 8, not in its place")
    }

    @Test func open_createsTheDatabaseAndItsWALFileWithMode0600() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")

        let store = try SQLiteStore.open(path: path)
        #expect(permissions(path) == 0o600)
        let account = try await store.addAccount("runner")
        try await store.addPost(due: referenceNow, to: [account])

        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(permissions(path + "-wal") == 0o600)
        #expect(permissions(path) == 0o600)
        if FileManager.default.fileExists(atPath: path + "-shm") {
            #expect(permissions(path + "-shm") == 0o600)
        }
    }

    @Test func open_tightensAnExistingFileTo0600() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        #expect(permissions(path) == 0o644)

        _ = try SQLiteStore.open(path: path)

        #expect(permissions(path) == 0o600)
    }

    @Test func open_whenTheFileIsRandomBytes_throwsCorruptAndLeavesTheFileAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: StoreError.self) { try SQLiteStore.open(path: path) }

        #expect(error?.code == .corrupt)
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("restore it from a backup") == true)
        #expect(FileManager.default.contents(atPath: path) == garbage)
    }

    @Test func open_reopensAnExistingDatabaseWithItsData() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        let postID: Int64
        do {
            let store = try SQLiteStore.open(path: path)
            let account = try await store.addAccount("runner")
            postID = try await store.addPost("kept", due: referenceNow, to: [account]).id
        }

        let reopened = try SQLiteStore.open(path: path)

        #expect(try await reopened.post(id: postID).text == "kept")
    }

    /// A database over the size checked whole at start still has its small tables checked (accounts, settings…); the
    /// rest is checked by SQLite as it is read. Under that size, a damaged post page is found at start too.
    @Test func inspect_overTheWholeCheckSize_stillFindsADamagedAccountsTable_butLeavesThePostsToBeCheckedAsRead() async throws {
        let directory = try TemporaryDirectory()
        func database(_ name: String, damaging table: String) async throws -> String {
            let path = directory.file(name)
            let queue = try DatabaseQueue(path: path)
            try SQLiteStore.migrator.migrate(queue)
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO account (id, network, remote_id, handle, auth_kind, created_at, updated_at) VALUES (1, 'x', 'r', 'runner', 'oauth1', 0, 0)")
                try db.execute(sql: "INSERT INTO post (id, text, due_at, due_zone, due_local, lateness_limit_s, created_at, updated_at) VALUES (1, 'p', 5, 'UTC', 'x', 60, 0, 0)")
            }
            let (rootPage, pageSize) = try await queue.writeWithoutTransaction { db in
                _ = try db.checkpoint(.truncate)
                return (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?", arguments: [table])!,
                        try Int.fetchOne(db, sql: "PRAGMA page_size")!)
            }
            try queue.close()
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            try handle.seek(toOffset: UInt64((rootPage - 1) * pageSize + 8))
            try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize - 16))
            try handle.close()
            return path
        }
        let accounts = try await database("accounts.sqlite", damaging: "account")
        let posts = try await database("posts.sqlite", damaging: "post")

        let error = #expect(throws: StoreError.self) { try SQLiteStore.inspect(accounts, wholeCheckUpTo: 0) }
        #expect(error?.code == .corrupt)
        #expect(error?.message.contains("is damaged") == true)
        #expect(throws: Never.self) { try SQLiteStore.inspect(posts, wholeCheckUpTo: 0) }
        #expect(throws: StoreError.self) { try SQLiteStore.inspect(posts) }
    }

    @Test func open_whenTheDirectoryDoesNotExist_throwsCannotOpen() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: StoreError.self) { try SQLiteStore.open(path: directory.file("missing/schedulerd.sqlite")) }
        #expect(error?.code == .cannotOpen)
    }
}
