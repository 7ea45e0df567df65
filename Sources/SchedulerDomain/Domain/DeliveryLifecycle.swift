import SchedulerCore

/// The delivery state machine as the people's actions see it: which states an edit, a cancel or an unlink acts on.
/// Both stores take these sets into their SQL (``sql(_:)``), so a state added to one rule changes both dialects at once.
package enum DeliveryLifecycle {
    /// Waiting for a first attempt: what an edit may still change.
    package static let waiting: Set<DeliveryState> = [.scheduled, .draft, .awaitingApproval]
    /// Not finished and not being published right now: what `cancel` cancels.
    package static let cancellable: Set<DeliveryState> = [.draft, .awaitingApproval, .scheduled, .retrying, .unknown, .handedOff]
    /// What unlinking an account cancels with `--cancel-pending`: its unfinished deliveries (a draft keeps its target
    /// until it is given a time, when scheduling it refuses the revoked account).
    package static let cancelledByUnlink: Set<DeliveryState> = [.awaitingApproval, .scheduled, .retrying, .unknown, .handedOff]
    /// An account's deliveries that keep it from being unlinked: those unlinking cancels, and one going out right now.
    package static let unfinished: Set<DeliveryState> = cancelledByUnlink.union([.publishing])
    /// Still to go out at its post's time: what takes a posting slot. A draft has no time; a post awaiting approval has
    /// one and goes out at it once approved.
    package static let holdsSlot: Set<DeliveryState> = [.awaitingApproval, .scheduled, .publishing, .retrying]

    /// The states as an SQL list, `'a', 'b'`, in a stable order; both dialects quote text the same way.
    package static func sql(_ states: Set<DeliveryState>) -> String {
        states.map(\.rawValue).sorted().map { "'\($0)'" }.joined(separator: ", ")
    }
}
