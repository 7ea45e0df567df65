import Foundation
import NetworkRules
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
    /// When the post was due, for the bundle's manifest.
    public var dueAt: Date = .distantPast
    /// The post's media, as stored with it (the paths of the daemon that scheduled it): what a bundle written
    /// again on another daemon holds.
    public var media: [MediaItem] = []
}

/// What the engine must do about a handed-off delivery whose time came: remind once, or give up.
public struct HandoffFollowUp: Sendable {
    public var record: HandoffRecord
    public var expired: Bool
}
