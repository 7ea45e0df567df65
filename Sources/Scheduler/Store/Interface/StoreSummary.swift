import Foundation
import SchedulerCore

/// What `schedctl status` shows about the stored state.
public struct StoreSummary: Sendable {
    public var deliveries: [String: Int]
    public var nextDue: StatusView.NextDue?
    /// The first delivery an account holds back, when it is due before `nextDue` (or nothing else waits).
    public var nextHeld: StatusView.HeldDue?
    public var accountsNeedingAttention: [AccountView]
    public var paused: PauseView?
    public var throttled: ThrottleView?
    public var hooks: StatusView.Hooks?
}

extension StatusView.HeldReason {
    /// The first reason that applies to an account, as the store keeps it (`status`, `paused`, its network's pause).
    static func first(status: String, accountPaused: Bool, networkPaused: Bool) -> Self {
        switch AccountStatus(rawValue: status) {
        case .revoked: .revoked
        case .needsRelink: .needsRelink
        default: accountPaused ? .accountPaused : networkPaused ? .networkPaused : .accountPaused
        }
    }
}
