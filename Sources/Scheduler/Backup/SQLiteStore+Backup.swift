import Foundation
import GRDB

extension SQLiteStore {
    /// An online, consistent copy of the whole database into a new file at `path`, by SQLite's backup API: it reads one
    /// snapshot (a WAL read transaction) while the engine goes on writing. The copy is a single self-contained file
    /// (rollback journal, no `-wal` beside it), created with the process's umask (0600 in the daemon).
    ///
    /// The copy runs on a thread of its own: it is blocking I/O, and the cooperative pool has two threads on a small machine.
    func backup(to path: String) async throws {
        let source = writer
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                do {
                    let destination = try DatabaseQueue(path: path)
                    try source.backup(to: destination)
                    try destination.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
                    try destination.close()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
