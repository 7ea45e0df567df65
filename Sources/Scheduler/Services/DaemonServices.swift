import Foundation
import SchedulerCore

/// The services the daemon decides with, made once at start: the control API's routes and the web app's pages both
/// only translate requests into calls on these, so a rule holds the same whichever door a person comes in by.
struct DaemonServices: Sendable {
    var posts: PostService
    var runs: RunPostService
    /// `[runs] inbox`; nil when no folder is watched.
    var inbox: InboxService?
    var accounts: AccountService
    var handoffs: HandoffService
    var queue: QueueService
    var calendar: CalendarService
    var recovery: RecoveryService
    var events: EventService
    var media: MediaService
    var status: @Sendable () async throws -> StatusView
    /// Whether the store works; the control API and the web app tell it of changes that failed because of the store.
    var health: StoreHealth
    var doctor: Doctor
    var backup: BackupService
    var sandbox: SandboxRelay?
    var webUsers: WebUserService
}
