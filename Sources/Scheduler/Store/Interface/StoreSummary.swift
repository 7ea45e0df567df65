import Connectors
import Foundation
import SchedulerCore

/// What `schedctl status` shows about the stored state.
public struct StoreSummary: Sendable {
    public var deliveries: [String: Int]
    public var nextDue: StatusView.NextDue?
    public var accountsNeedingAttention: [AccountView]
    public var paused: PauseView?
    public var throttled: ThrottleView?
    public var hooks: StatusView.Hooks?
}
