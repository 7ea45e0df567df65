import Foundation
import SchedulerCore

/// One thing a person should hear about, as the `events` table keeps it: its `payload` column is this record's JSON.
///
/// Codable because the payload is how a store keeps it; the keys are ``EventKey``, the ones `EventView` answers with,
/// so a payload written before this record existed reads back unchanged.
package struct EventRecord: Codable, Sendable, Equatable {
    /// The event's place in the log. Nil until the event is stored.
    package var id: Int64?
    package var event: String
    package var at: Date
    package var postId: Int64?
    package var deliveryId: Int64?
    /// `network:@handle`.
    package var account: String?
    /// The network an event about a whole network concerns.
    package var network: String?
    package var message: String
    package var remoteUrl: String?
    package var caption: String?
    package var bundle: String?
    package var media: [String]?
    /// The command that settles it.
    package var confirm: String?

    typealias CodingKeys = EventKey

    package init(id: Int64? = nil, event: String, at: Date, postId: Int64? = nil, deliveryId: Int64? = nil, account: String? = nil,
                 network: String? = nil, message: String, remoteUrl: String? = nil, caption: String? = nil, bundle: String? = nil,
                 media: [String]? = nil, confirm: String? = nil) {
        self.id = id; self.event = event; self.at = at; self.postId = postId; self.deliveryId = deliveryId; self.account = account
        self.network = network
        self.message = message; self.remoteUrl = remoteUrl; self.caption = caption; self.bundle = bundle; self.media = media
        self.confirm = confirm
    }
}
