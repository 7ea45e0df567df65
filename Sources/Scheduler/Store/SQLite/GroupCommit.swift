import GRDB
import Synchronization

/// Group commit for the engine's outcome writes: writes that arrive while a transaction is being written
/// wait, and go together in the next one, each in its own savepoint.
///
/// Every publish ends in a small write (its attempt, its state, its event), and at a few thousand publishes
/// a second one transaction each spends most of the writer's time on commits and on writing the same few
/// pages to the WAL again and again. Batched, one commit carries many outcomes. Nothing is delayed when
/// the writer is idle: a write that finds no batch in progress starts one at once. Each write still returns
/// only once its own transaction has committed, so "recorded before the next request" holds as before, and a
/// write that throws is rolled back alone (its savepoint) while the rest of its batch commits.
final class GroupCommit: Sendable {
    typealias Body = @Sendable (Database) throws -> Void

    private struct Waiting {
        var body: Body
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Queue {
        var waiting: [Waiting] = []
        var writing = false
    }

    private let writer: any DatabaseWriter
    private let queue = Mutex(Queue())

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in the next batch's transaction; returns once that transaction has committed.
    func write(_ body: @escaping Body) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let startsBatch = queue.withLock { queue in
                queue.waiting.append(Waiting(body: body, continuation: continuation))
                defer { queue.writing = true }
                return !queue.writing
            }
            // The writes that come while this batch is written are taken by the same drain, until none are left.
            if startsBatch { Task { await self.drain() } }
        }
    }

    /// Writes waiting for the next batch (for tests).
    var waitingCount: Int { queue.withLock { $0.waiting.count } }

    private func drain() async {
        while true {
            let batch = queue.withLock { queue in
                defer { queue.waiting = [] }
                if queue.waiting.isEmpty { queue.writing = false }
                return queue.waiting
            }
            guard !batch.isEmpty else { return }
            do {
                let results = try await writer.write { db in
                    batch.map { item in
                        Result { () throws(any Error) in
                            try db.inSavepoint {
                                try item.body(db)
                                return .commit
                            }
                        }
                    }
                }
                for (item, result) in zip(batch, results) { item.continuation.resume(with: result) }
            } catch {
                for item in batch { item.continuation.resume(throwing: error) }
            }
        }
    }
}
