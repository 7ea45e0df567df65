import Foundation
import GRDB
import SchedulerDomain

extension SQLiteStore: StoreIntegrityChecking {
    /// SQLite's `quick_check` over the whole file, on a reader, so publishing goes on meanwhile.
    package func checkIntegrity() async throws -> StoreIntegrity {
        let started = ContinuousClock.now
        let (problem, pages, pageSize) = try await writer.read { db in
            (try Self.quickCheck(db, whole: true),
             try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        let elapsed = ContinuousClock.now - started
        let megabytes = Double(pages * pageSize) / 1_048_576
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1_000
        let what = "\(writer.path) (\(String(format: "%.1f", megabytes)) MB): SQLite's quick_check "
            + (problem == nil ? "found nothing wrong" : "failed") + " in \(String(format: "%.0f", milliseconds)) ms"
        return StoreIntegrity(what: what, problem: problem)
    }

    /// Below this much free space beside the database, writes are about to fail: `doctor` fails.
    package static let freeSpaceFailBelow: Int64 = 16 << 20
    /// Below this, `doctor` warns: a busy week of posts, their events and the write-ahead log need room.
    package static let freeSpaceWarnBelow: Int64 = 256 << 20

    /// Takes the write lock and lets it go at once (`BEGIN IMMEDIATE`, `ROLLBACK`): a lock held by another process makes
    /// it wait the busy timeout and fail, as a real write would. Then the free space on the file's device.
    package func checkWritable() async -> StoreWritability {
        do {
            try await writer.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "ROLLBACK")
            }
        } catch {
            return StoreWritability(what: "the write lock could not be taken", failure: failure(of: error)
                ?? StoreFailure(.other, "the database's write lock could not be taken: \(error)", action: "see the daemon's log"))
        }
        guard let path, let free = FreeSpace.bytes(at: (path as NSString).deletingLastPathComponent) else {
            return StoreWritability(what: "the write lock is free")
        }
        let directory = (path as NSString).deletingLastPathComponent
        let what = "the write lock is free; \(FreeSpace.describe(free)) free on the device holding \(directory)"
        if free < Self.freeSpaceFailBelow {
            return StoreWritability(what: what, failure: StoreFailure(.diskFull, "only \(FreeSpace.describe(free)) free on the device holding \(directory)",
                                                                      action: "free space on that file system before writes fail"))
        }
        if free < Self.freeSpaceWarnBelow {
            return StoreWritability(what: what, warning: "only \(FreeSpace.describe(free)) free on the device holding \(directory)")
        }
        return StoreWritability(what: what)
    }
}
