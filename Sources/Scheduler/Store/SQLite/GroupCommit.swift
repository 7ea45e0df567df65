import GRDB

/// Group commit for the engine's outcome writes (see ``CoalescedWrites``): a batch is one transaction, each write in
/// its own savepoint.
///
/// Every publish ends in a small write (its attempt, its state, its event), and at a few thousand publishes a second
/// one transaction each spends most of the writer's time on commits and on writing the same few pages to the WAL again
/// and again. A write that throws is rolled back alone (its savepoint) while the rest of its batch commits.
final class GroupCommit: Sendable {
    typealias Body = @Sendable (Database) throws -> Void

    private let writer: any DatabaseWriter
    private let writes = CoalescedWrites<Body>()

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in the next batch's transaction; returns once that transaction has committed.
    func write(_ body: @escaping Body) async throws {
        try await writes.write(body) { [writer] batch in
            try await writer.write { db in
                batch.map { body in
                    Result { () throws(any Error) in
                        try db.inSavepoint {
                            try body(db)
                            return .commit
                        }
                    }
                }
            }
        }
    }

    /// Writes waiting for the next batch (for tests).
    var waitingCount: Int { writes.waitingCount }
}
