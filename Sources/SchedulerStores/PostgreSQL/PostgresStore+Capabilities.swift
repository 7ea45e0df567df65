import SchedulerCore
import SchedulerDomain

/// Daemons sharing one database share the budget and the media through it and see each other; pg_dump backs it up.
extension PostgresStore: StoreCapabilities {
    package func sharedPublishBudget() -> (any PublishBudgeting)? { SharedPublishBudget(store: self) }
    package var sharedMedia: (any SharedMediaStore)? { self }
    package func liveDaemonsIfShared() async throws -> [DaemonRecord]? { try await liveDaemons() }
    package func backupCopies(stateDirectory: String) -> (any BackupCopying)? { nil }
}
