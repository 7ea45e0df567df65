import Foundation
import NetworkRules
import SchedulerCore

/// A handed-off delivery waiting for the person, as `handoff list` shows it.
package struct HandoffRecord: Sendable {
    package var deliveryID: Int64
    package var postID: Int64
    package var account: String
    package var caption: String
    package var bundle: String
    package var handedOffAt: Date
    package var remindAt: Date?
    package var expiresAt: Date
    /// When the post was due, for the bundle's manifest.
    package var dueAt: Date = .distantPast
    /// The post's media, as stored with it (the paths of the daemon that scheduled it): what a bundle written
    /// again on another daemon holds.
    package var media: [MediaItem] = []
    package init(deliveryID: Int64, postID: Int64, account: String, caption: String, bundle: String, handedOffAt: Date, remindAt: Date? = nil, expiresAt: Date, dueAt: Date = .distantPast, media: [MediaItem] = []) {
        self.deliveryID = deliveryID
        self.postID = postID
        self.account = account
        self.caption = caption
        self.bundle = bundle
        self.handedOffAt = handedOffAt
        self.remindAt = remindAt
        self.expiresAt = expiresAt
        self.dueAt = dueAt
        self.media = media
    }
}

/// What the engine must do about a handed-off delivery whose time came: remind once, or give up.
package struct HandoffFollowUp: Sendable {
    package var record: HandoffRecord
    package var expired: Bool
    package init(record: HandoffRecord, expired: Bool) {
        self.record = record
        self.expired = expired
    }
}
