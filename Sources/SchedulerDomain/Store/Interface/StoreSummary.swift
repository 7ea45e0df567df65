import Foundation
import SchedulerCore

/// What `schedctl status` shows about the stored state.
package struct StoreSummary: Sendable {
    package var deliveries: [String: Int]
    package var nextDue: StatusView.NextDue?
    /// The first delivery an account holds back, when it is due before `nextDue` (or nothing else waits).
    package var nextHeld: StatusView.HeldDue?
    package var accountsNeedingAttention: [AccountView]
    package var paused: PauseView?
    package var throttled: ThrottleView?
    package var hooks: StatusView.Hooks?
    package init(deliveries: [String: Int], nextDue: StatusView.NextDue? = nil, nextHeld: StatusView.HeldDue? = nil, accountsNeedingAttention: [AccountView], paused: PauseView? = nil, throttled: ThrottleView? = nil, hooks: StatusView.Hooks? = nil) {
        self.deliveries = deliveries
        self.nextDue = nextDue
        self.nextHeld = nextHeld
        self.accountsNeedingAttention = accountsNeedingAttention
        self.paused = paused
        self.throttled = throttled
        self.hooks = hooks
    }
}

extension StatusView.HeldReason {
    /// The first reason that applies to an account, as the store keeps it (`status`, `paused`, its network's pause).
    package static func first(status: String, accountPaused: Bool, networkPaused: Bool) -> Self {
        switch AccountStatus(rawValue: status) {
        case .revoked: .revoked
        case .needsRelink: .needsRelink
        default: accountPaused ? .accountPaused : networkPaused ? .networkPaused : .accountPaused
        }
    }
}
