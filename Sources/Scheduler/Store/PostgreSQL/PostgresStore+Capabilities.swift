import SchedulerCore

/// Daemons sharing one database share the budget and the media through it and see each other; pg_dump backs it up.
extension PostgresStore: StoreCapabilities {
    func sharedPublishBudget() -> (any PublishBudgeting)? { SharedPublishBudget(store: self) }
    var sharedMedia: (any SharedMediaStore)? { self }
    func liveDaemonsIfShared() async throws -> [StatusView.Daemon]? { try await liveDaemons() }
    func backupCopies(stateDirectory: String) -> BackupCopies? { nil }
}
