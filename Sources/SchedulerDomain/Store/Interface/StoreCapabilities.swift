import SchedulerCore

/// What a store offers beyond storing, which the composition root asks for instead of testing the store's type: one
/// daemon on a file (SQLite) keeps its budget, media and backups itself; daemons sharing a database (PostgreSQL)
/// share the budget and the media through it, see each other, and leave backups to the database's own tools.
package protocol StoreCapabilities: Sendable {
    /// The rate-limit budget every daemon on this store shares, or nil when the daemon keeps its own.
    func sharedPublishBudget() -> (any PublishBudgeting)?
    /// Where the media files are shared between daemons, or nil when the state directory holds the only copy.
    var sharedMedia: (any SharedMediaStore)? { get }
    /// The daemons alive on this store for `status`, or nil when only one can be.
    func liveDaemonsIfShared() async throws -> [DaemonRecord]?
    /// `schedctl backup`'s consistent copies into the state directory, or nil when the store is backed up by its own tools.
    func backupCopies(stateDirectory: String) -> (any BackupCopying)?
}
