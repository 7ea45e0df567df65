import Foundation
import SchedulerCore
import SchedulerDomain
import SchedulerStores

/// The services the daemon decides with, made once at start: the control API's routes and the web app's pages both
/// only translate requests into calls on these, so a rule holds the same whichever door a person comes in by.
package struct DaemonServices: Sendable {
    package var posts: PostService
    package var runs: RunPostService
    /// `[runs] inbox`; nil when no folder is watched.
    package var inbox: InboxService?
    package var accounts: AccountService
    package var handoffs: HandoffService
    package var queue: QueueService
    package var calendar: CalendarService
    package var recovery: RecoveryService
    package var events: EventService
    package var media: MediaService
    package var status: @Sendable () async throws -> StatusView
    /// Whether the store works; the control API and the web app tell it of changes that failed because of the store.
    package var health: StoreHealth
    package var doctor: Doctor
    package var backup: BackupService
    package var sandbox: SandboxRelay?
    package var webUsers: WebUserService
}
