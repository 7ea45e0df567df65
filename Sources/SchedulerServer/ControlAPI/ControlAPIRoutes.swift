import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// The routes of the control API, versioned under `/v1`, one collection per resource. Each handler only translates:
/// it decodes the request, calls one service, and encodes the answer; what is allowed is decided in the services.
package struct ControlAPIRoutes: Sendable {
    package let posts: PostRoutes
    package let media: MediaRoutes
    package let accounts: AccountRoutes
    package let planning: PlanningRoutes
    package let handoffs: HandoffRoutes
    package let recovery: RecoveryRoutes
    package let events: EventRoutes
    package let backup: BackupRoutes
    package let sandbox: SandboxRoutes
    package let status: StatusRoutes
    package let runs: RunRoutes
    package let webUsers: WebUserRoutes
    /// The daemon's time zone, said on every answer (``DaemonZoneMiddleware``).
    package let zone: String
    /// Told of requests that failed because of the store, which then answer 503 with the cause (``ErrorMappingMiddleware``).
    package let health: StoreHealth

    /// The services behind the routes, as the daemon (or a test) wires them.

    package init(_ services: DaemonServices) {
        zone = services.posts.defaultZone.identifier
        health = services.health
        posts = PostRoutes(posts: services.posts)
        media = MediaRoutes(media: services.media)
        accounts = AccountRoutes(accounts: services.accounts)
        planning = PlanningRoutes(queue: services.queue, calendar: services.calendar)
        handoffs = HandoffRoutes(handoffs: services.handoffs)
        recovery = RecoveryRoutes(recovery: services.recovery)
        events = EventRoutes(events: services.events)
        backup = BackupRoutes(backup: services.backup)
        sandbox = SandboxRoutes(sandbox: services.sandbox)
        status = StatusRoutes(status: services.status, doctor: services.doctor, zone: zone)
        runs = RunRoutes(runs: services.runs, inbox: services.inbox)
        webUsers = WebUserRoutes(users: services.webUsers)
    }

    package func add(to router: Router<ControlContext>) {
        let v1 = router.group("v1")
        status.add(to: v1)
        recovery.add(to: v1)
        backup.add(to: v1)
        posts.add(to: v1)
        handoffs.add(to: v1)
        planning.add(to: v1)
        media.add(to: v1)
        accounts.add(to: v1)
        events.add(to: v1)
        sandbox.add(to: v1)
        runs.add(to: v1)
        webUsers.add(to: v1)
    }
}
