import Synchronization

/// Group commit: writes of one kind that arrive while a batch of them is being written wait, and go together in the
/// next batch, which `flush` writes at once (the SQLite store's ``GroupCommit``, one transaction;
/// the PostgreSQL store's published outcomes, one statement).
///
/// At a burst's pace the engine finishes many publishes at once, and each ends in a small write. Written together, one
/// commit carries many. Nothing is delayed when no batch is being written: a write that finds none starts one at once.
/// Each write returns only once its batch has committed, so "recorded before the next request" holds as before, and
/// `flush` answers for each write, so one that cannot be stored fails alone.
package final class CoalescedWrites<Item: Sendable>: Sendable {
    /// Writes a batch; answers for each item in order, or throws when the whole batch failed.
    package typealias Flush = @Sendable ([Item]) async throws -> [Result<Void, any Error>]

    private struct Waiting {
        var item: Item
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Queue {
        var waiting: [Waiting] = []
        var writing = false
    }

    private let queue = Mutex(Queue())

    package init() {}

    /// Writes `item` with the next batch; returns once that batch has committed. Every caller passes the same `flush`;
    /// the caller that starts a batch lends it to the batches that follow until none is left.
    package func write(_ item: Item, by flush: @escaping Flush) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let startsBatch = queue.withLock { queue in
                queue.waiting.append(Waiting(item: item, continuation: continuation))
                defer { queue.writing = true }
                return !queue.writing
            }
            // The writes that come while this batch is written are taken by the same drain, until none are left.
            if startsBatch { Task { await self.drain(flush) } }
        }
    }

    /// Writes waiting for the next batch (for tests).
    package var waitingCount: Int { queue.withLock { $0.waiting.count } }

    private func drain(_ flush: Flush) async {
        while true {
            let batch = queue.withLock { queue in
                defer { queue.waiting = [] }
                if queue.waiting.isEmpty { queue.writing = false }
                return queue.waiting
            }
            guard !batch.isEmpty else { return }
            do {
                let results = try await flush(batch.map(\.item))
                for (index, waiting) in batch.enumerated() {
                    waiting.continuation.resume(with: index < results.count ? results[index] : .success(()))
                }
            } catch {
                for waiting in batch { waiting.continuation.resume(throwing: error) }
            }
        }
    }
}
