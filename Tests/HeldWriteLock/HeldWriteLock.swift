import Foundation
import GRDB

/// Another connection holding a database's write lock (`BEGIN IMMEDIATE`) on a thread of its own until released, as a
/// `sqlite3` shell with a transaction open does.
public final class HeldWriteLock: @unchecked Sendable {
    private let release_ = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    public init(path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let taken = DispatchSemaphore(value: 0)
        let release = release_
        let done = done
        Thread.detachNewThread {
            try? queue.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                taken.signal()
                release.wait()
                try db.execute(sql: "ROLLBACK")
            }
            done.signal()
        }
        taken.wait()
    }

    public func release() {
        release_.signal()
        done.wait()
    }
}
