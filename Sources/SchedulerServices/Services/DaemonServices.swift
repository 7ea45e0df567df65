import Foundation
import SchedulerCore

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
    package var doctor: any DoctorExamining
    package var backup: BackupService
    package var sandbox: SandboxRelay?
    package var webUsers: WebUserService
    package init(posts: PostService, runs: RunPostService, inbox: InboxService? = nil, accounts: AccountService, handoffs: HandoffService, queue: QueueService, calendar: CalendarService, recovery: RecoveryService, events: EventService, media: MediaService, status: @escaping @Sendable () async throws -> StatusView, health: StoreHealth, doctor: any DoctorExamining, backup: BackupService, sandbox: SandboxRelay? = nil, webUsers: WebUserService) {
        self.posts = posts
        self.runs = runs
        self.inbox = inbox
        self.accounts = accounts
        self.handoffs = handoffs
        self.queue = queue
        self.calendar = calendar
        self.recovery = recovery
        self.events = events
        self.media = media
        self.status = status
        self.health = health
        self.doctor = doctor
        self.backup = backup
        self.sandbox = sandbox
        self.webUsers = webUsers
    }
}
