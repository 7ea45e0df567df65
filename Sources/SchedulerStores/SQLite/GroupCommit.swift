import GRDB
import SchedulerDomain

/// Group commit for the engine's outcome writes (see ``CoalescedWrites``): a batch is one transaction; a write that
/// throws is rolled back alone.
///
/// Every publish ends in a small write (its attempt, its state, its event), and at a few thousand publishes a second
/// one transaction each spends most of the writer's time on commits and on writing the same few pages to the WAL again
/// and again. A write that throws is rolled back alone while the rest of its batch commits (``commit(_:_:)``).
package final class GroupCommit: Sendable {
    package typealias Body = @Sendable (Database) throws -> Void

    private let writer: any DatabaseWriter
    private let writes = CoalescedWrites<Body>()

    package init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in the next batch's transaction; returns once that transaction has committed.
    package func write(_ body: @escaping Body) async throws {
        try await writes.write(body) { [writer] batch in
            try await writer.writeWithoutTransaction { db in try Self.commit(batch, db) }
        }
    }

    /// The batch in one transaction; when a write in it throws, the batch is written again with each write in a
    /// savepoint of its own, so only that write is lost.
    ///
    /// Savepoints for every write, failing or not, were 3.3 % of the daemon's CPU in a burst (GRDB compiles its
    /// `SAVEPOINT` and `RELEASE` afresh each time), and a write almost never fails. A body only writes to `db`, so
    /// running it again after the rollback writes what it would have written the first time.
    private static func commit(_ batch: [Body], _ db: Database) throws -> [Result<Void, any Error>] {
        do {
            try db.inTransaction(.immediate) {
                for body in batch { try body(db) }
                return .commit
            }
            return batch.map { _ in .success(()) }
        } catch {
            var results: [Result<Void, any Error>] = []
            try db.inTransaction(.immediate) {
                results = batch.map { body in
                    Result { () throws(any Error) in
                        try db.inSavepoint {
                            try body(db)
                            return .commit
                        }
                    }
                }
                return .commit
            }
            return results
        }
    }

    /// Writes waiting for the next batch (for tests).
    package var waitingCount: Int { writes.waitingCount }
}
