import Foundation
import SchedulerDomain
import Synchronization

/// Makes the copies `schedctl backup` downloads: one at a time, in the state directory (which only the daemon's user
/// can write), opened and then unlinked at once, so a copy never outlives its download, even if the daemon dies.
package final class BackupCopies: BackupCopying {
    package let store: SQLiteStore
    package let stateDirectory: String
    private let busy = Mutex(false)

    package init(store: SQLiteStore, stateDirectory: String) {
        self.store = store
        self.stateDirectory = stateDirectory
    }

    /// A copy just made, open for reading, and its size (SchedulerDomain's BackupCopy).
    package typealias Copy = BackupCopy

    package func make() async throws -> Copy {
        let first = busy.withLock { busy in
            defer { busy = true }
            return !busy
        }
        guard first else { throw RequestError(.conflict, "a backup is being made already; wait for it to finish and try again") }
        defer { busy.withLock { $0 = false } }
        let path = (stateDirectory as NSString).appendingPathComponent(".backup-\(getpid())-\(UUID().uuidString).sqlite")
        defer { unlink(path) }
        do {
            try await store.backup(to: path)
        } catch {
            throw RequestError(.internalError, "the backup copy could not be made in \(stateDirectory): \(error)")
        }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw RequestError(.internalError, "the backup copy \(path) could not be opened: \(String(cString: strerror(errno)))")
        }
        let size = (try? file.seekToEnd()).map(Int.init) ?? 0
        try? file.seek(toOffset: 0)
        return Copy(file: file, size: size)
    }
}
