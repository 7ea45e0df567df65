import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
import SchedulerDomain
#endif

extension SQLiteStore {
    /// An online, consistent copy of the whole database into a new file at `path`, by SQLite's backup API: it reads one
    /// snapshot (a WAL read transaction) while the engine goes on writing. The copy is a single self-contained file
    /// (rollback journal, no `-wal` beside it), created 0600 whatever the umask; an existing file is refused.
    ///
    /// The copy runs on a thread of its own: it is blocking I/O, and the cooperative pool has two threads on a small machine.
    package func backup(to path: String) async throws {
        let fd = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError(.cannotOpen, "cannot create the backup copy \(path): \(String(cString: strerror(errno)))") }
        Glibc.close(fd)
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
