import Foundation
import SchedulerCore
import SchedulerDomain

/// What `schedctl status` shows, assembled from the store's summary, the engine's backlog of outcomes, the daemons
/// sharing the store and the days ahead.
package struct StatusService: Sendable {
    package let store: any PostStore & StoreCapabilities
    package let startedAt: Date
    package let sandbox: Bool
    package let zone: TimeZone
    /// The configured API versions retired or retiring soon, said at every status.
    package let versionWarnings: [String]
    /// Outcomes the engine holds until the store takes them (a store that stopped answering).
    package let outcomesWaitingForTheStore: @Sendable () -> Int
    /// Whether the store works, as the engine and the requests found it.
    package let health: StoreHealth
    /// In sandbox mode, the emulations' process once it has exited on its own.
    package let sandboxGone: @Sendable () -> StatusView.SandboxGone?
    /// The networks the engine's last requests found nothing answering at.
    package let unreachable: @Sendable () -> [StatusView.Unreachable]?

    package init(store: any PostStore & StoreCapabilities, startedAt: Date, sandbox: Bool, zone: TimeZone, versionWarnings: [String],
         outcomesWaitingForTheStore: @escaping @Sendable () -> Int, health: StoreHealth,
         sandboxGone: @escaping @Sendable () -> StatusView.SandboxGone? = { nil },
         unreachable: @escaping @Sendable () -> [StatusView.Unreachable]? = { nil }) {
        self.store = store; self.startedAt = startedAt; self.sandbox = sandbox; self.zone = zone
        self.versionWarnings = versionWarnings; self.outcomesWaitingForTheStore = outcomesWaitingForTheStore
        self.health = health; self.sandboxGone = sandboxGone; self.unreachable = unreachable
    }

    package func status(now: Date = Date()) async throws -> StatusView {
        let summary = try await store.summary(now: now)
        let waiting = outcomesWaitingForTheStore()
        return StatusView(version: BuildInfo.version, startedAt: startedAt, now: now, sandbox: sandbox,
                          deliveries: summary.deliveries, nextDue: summary.nextDue.map(StatusView.NextDue.init),
                          accountsNeedingAttention: summary.accountsNeedingAttention.map(AccountView.init),
                          paused: summary.paused.map(PauseView.init), throttled: summary.throttled.map(ThrottleView.init),
                          warnings: versionWarnings.isEmpty ? nil : versionWarnings, hooks: summary.hooks.map(StatusView.Hooks.init),
                          outcomesWaitingForTheStore: waiting > 0 ? waiting : nil,
                          daemons: try await store.liveDaemonsIfShared()?.map(StatusView.Daemon.init), zone: zone.identifier,
                          nextHeld: summary.nextHeld.map(StatusView.HeldDue.init),
                          nextDays: try await UpcomingDays.view(store, zone: zone, now: now),
                          store: health.view(), sandboxGone: sandboxGone(), unreachable: unreachable())
    }
}
