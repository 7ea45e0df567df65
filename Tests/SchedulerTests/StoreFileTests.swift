import Foundation
import GRDB
import SchedulerCore
import Testing
@testable import Scheduler

/// The store on a real file: schema, permissions, refusing a file that is not ours.
@Suite struct StoreFileTests {
    @Test func migrations_createTheSchema() async throws {
        let store = try SQLiteStore.inMemory()
        let tables = try await store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name")
        }
        #expect(tables == ["account", "attempt", "delivery", "event", "network_pause", "post", "post_media", "setting"])
        let indexes = try await store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
        }
        #expect(Set(indexes).isSuperset(of: ["delivery_due", "delivery_by_state", "delivery_by_account", "post_by_due", "attempt_by_delivery",
                                                    "event_unnotified", "attempt_by_time", "event_hook_given_up"]))
        let applied = try await store.writer.read { db in try SQLiteStore.migrator.appliedMigrations(db) }
        #expect(applied == ["v1: accounts, posts, deliveries, attempts", "v2: why an account needs attention",
                            "v3: media attached to posts", "v4: Instagram handoff", "v5: reconciliation, throttling, pause and events",
                            "v6: networks paused as a whole", "v7: hook delivery attempts"])
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

    @Test func open_whenTheDirectoryDoesNotExist_throwsCannotOpen() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: StoreError.self) { try SQLiteStore.open(path: directory.file("missing/schedulerd.sqlite")) }
        #expect(error?.code == .cannotOpen)
    }
}
