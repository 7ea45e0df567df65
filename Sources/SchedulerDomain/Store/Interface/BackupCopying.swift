import Foundation

/// Makes the copies `schedctl backup` downloads (SchedulerStores' BackupCopies, for an SQLite store): here, below the
/// stores and the services, so that a store can offer it (StoreCapabilities) and BackupService can use it without
/// either naming the other.
package protocol BackupCopying: Sendable {
    /// A consistent copy of the database, open for reading; it is unlinked already and goes when it is closed.
    func make() async throws -> BackupCopy
}

/// A copy just made, open for reading, and its size.
package struct BackupCopy: Sendable {
    package let file: FileHandle
    package let size: Int

    package init(file: FileHandle, size: Int) {
        self.file = file
        self.size = size
    }
}
