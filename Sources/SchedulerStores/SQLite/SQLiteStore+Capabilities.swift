import SchedulerCore
import SchedulerDomain

/// One daemon on one file: it keeps its own budget and media, and `schedctl backup` copies the file.
extension SQLiteStore: StoreCapabilities {
    package func sharedPublishBudget() -> (any PublishBudgeting)? { nil }
    package var sharedMedia: (any SharedMediaStore)? { nil }
    package func liveDaemonsIfShared() async throws -> [DaemonRecord]? { nil }
    package func backupCopies(stateDirectory: String) -> (any BackupCopying)? { BackupCopies(store: self, stateDirectory: stateDirectory) }
}
