import Foundation
import SchedulerCore

/// What `schedctl status` shows about the stored state.
package struct StoreSummary: Sendable {
    package var deliveries: [String: Int]
    package var nextDue: NextDueRecord?
    /// The first delivery an account holds back, when it is due before `nextDue` (or nothing else waits).
    package var nextHeld: HeldDueRecord?
    package var accountsNeedingAttention: [AccountRecord]
    package var paused: PauseRecord?
    package var throttled: ThrottleRecord?
    package var hooks: HookBacklogRecord?
    package init(deliveries: [String: Int], nextDue: NextDueRecord? = nil, nextHeld: HeldDueRecord? = nil, accountsNeedingAttention: [AccountRecord], paused: PauseRecord? = nil, throttled: ThrottleRecord? = nil, hooks: HookBacklogRecord? = nil) {
        self.deliveries = deliveries
        self.nextDue = nextDue
        self.nextHeld = nextHeld
        self.accountsNeedingAttention = accountsNeedingAttention
        self.paused = paused
        self.throttled = throttled
        self.hooks = hooks
    }
}
