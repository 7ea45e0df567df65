import SchedulerCore

/// One daemon on one file: it keeps its own budget and media, and `schedctl backup` copies the file.
extension SQLiteStore: StoreCapabilities {
    func sharedPublishBudget() -> (any PublishBudgeting)? { nil }
    var sharedMedia: (any SharedMediaStore)? { nil }
    func liveDaemonsIfShared() async throws -> [StatusView.Daemon]? { nil }
    func backupCopies(stateDirectory: String) -> BackupCopies? { BackupCopies(store: self, stateDirectory: stateDirectory) }
}
