import Connectors
import Foundation
import SchedulerCore

/// A handed-off delivery waiting for the person, as `handoff list` shows it.
public struct HandoffRecord: Sendable {
    public var deliveryID: Int64
    public var postID: Int64
    public var account: String
    public var caption: String
    public var bundle: String
    public var handedOffAt: Date
    public var remindAt: Date?
    public var expiresAt: Date
}

/// What the engine must do about a handed-off delivery whose time came: remind once, or give up.
public struct HandoffFollowUp: Sendable {
    public var record: HandoffRecord
    public var expired: Bool
}
