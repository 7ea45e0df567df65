import Foundation
import GRDB
import HeldWriteLock
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Issue 46: the store's failures in words an operator acts on, not "SQLite error 5" or "unable to open database file",
/// and the health that status, doctor and the metrics read them from.
@Suite struct StoreFailureTests {
    /// A real lock: another connection holds the write lock past the busy timeout, as a `sqlite3` shell with a
    /// transaction open does.
    @Test func aWriteLockHeldByAnotherConnection_isNamedAsSuch() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("schedulerd.sqlite")
        let store = try SQLiteStore.open(path: path)
        let lock = try HeldWriteLock(path: path)
        defer { lock.release() }

        let error = await #expect(throws: DatabaseError.self) { try await store.addAccount("runner") }
        let failure = try #require(error.flatMap { store.failure(of: $0) })
        #expect(failure.cause == .locked)
        #expect(failure.message.contains("the database \(path) is locked by another process"), "\(failure.message)")
        #expect(failure.action.contains("fuser -v \(path)"), "\(failure.action)")
        let writable = await store.checkWritable()
        #expect(writable.failure?.cause == .locked, "doctor's probe takes the write lock and finds it held: \(writable)")
    }

    @Test func aFullDisk_namesTheDirectory_andAReadOnlyOrDamagedFileSaysSo() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore.open(path: directory.file("schedulerd.sqlite"))
        let full = try #require(store.failure(of: DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full")))
        #expect(full.cause == .diskFull && full.message.hasPrefix("no space left on the device holding \(directory.path)"), "\(full.message)")
        #expect(store.failure(of: DatabaseError(resultCode: .SQLITE_READONLY, message: "attempt to write a readonly database"))?.cause == .readOnly)
        #expect(store.failure(of: DatabaseError(resultCode: .SQLITE_CORRUPT, message: "database disk image is malformed"))?.cause == .damaged)
        let cannotOpen = try #require(store.failure(of: DatabaseError(resultCode: .SQLITE_CANTOPEN, message: "unable to open database file")))
        #expect(cannotOpen.cause == .unavailable && cannotOpen.message.contains("cannot be opened"), "descriptors are left here: \(cannotOpen)")
        #expect(store.failure(of: StoreError(.notFound, "no post 7")) == nil, "a refusal is not the store failing")
    }

    /// Failing from the first failure to the next success, with what each activity blocks; the latest failure's words.
    @Test func health_saysSinceWhenAndWhatIsBlocked_untilTheStoreWorksAgain() throws {
        let health = StoreHealth(describe: { _ in StoreFailure(.locked, "the database is locked by another process", action: "end its transaction") },
                                 logger: Logger(label: "test"))
        #expect(health.view() == nil)
        let first = Date(timeIntervalSince1970: 1_800_000_000)
        health.failed(.publishing, CancellationError(), now: first)
        health.failed(.publishing, CancellationError(), now: first.addingTimeInterval(5))
        health.failed(.changes, CancellationError(), now: first.addingTimeInterval(7))
        let view = try #require(health.view())
        #expect(view.cause == "locked" && view.since == first && view.lastFailedAt == first.addingTimeInterval(7) && view.failures == 3)
        #expect(view.blocks.count == 2 && view.blocks[0].hasPrefix("publishing") && view.blocks[1].hasPrefix("changes"), "\(view.blocks)")
        health.succeeded(.publishing)
        #expect(health.view()?.blocks.count == 1)
        health.succeeded(.changes)
        #expect(health.view() == nil)
    }
}

