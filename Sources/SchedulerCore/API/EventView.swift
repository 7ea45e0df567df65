import Foundation

/// One thing a person should hear about: what the notification hooks receive as JSON, what
/// `GET /v1/events` lists, and what `schedctl events --follow` streams, all from the same stored row.
public struct EventView: Codable, Sendable, Equatable {
    /// The event's place in the log; `--since` takes it. Nil until the event is stored.
    public var id: Int64?
    /// `published`, `failed`, `unknown`, `missed`, `needs_relink`, `handed_off`, `handoff_reminder`, `expired`;
    /// `network_paused` (a network refuses this app) and `api_version` (a configured API version is retired
    /// or retires soon), which concern a whole network.
    public var event: String
    public var at: Date
    public var postId: Int64?
    public var deliveryId: Int64?
    /// `network:@handle`.
    public var account: String?
    /// The network an event about a whole network concerns (`linkedin`).
    public var network: String?
    public var message: String
    /// Where the published post can be seen.
    public var remoteUrl: String?
    /// Handoff: the caption to paste, the bundle folder, the files to post, and how to confirm.
    public var caption: String?
    public var bundle: String?
    public var media: [String]?
    /// The command that settles it (`schedctl handoff done …`, `schedctl resolve …`).
    public var confirm: String?

    typealias CodingKeys = EventKey

    public init(id: Int64? = nil, event: String, at: Date, postId: Int64? = nil, deliveryId: Int64? = nil, account: String? = nil,
                network: String? = nil, message: String, remoteUrl: String? = nil, caption: String? = nil, bundle: String? = nil,
                media: [String]? = nil, confirm: String? = nil) {
        self.id = id; self.event = event; self.at = at; self.postId = postId; self.deliveryId = deliveryId; self.account = account
        self.network = network
        self.message = message; self.remoteUrl = remoteUrl; self.caption = caption; self.bundle = bundle; self.media = media
        self.confirm = confirm
    }
}

/// An event's JSON keys, in one place: what ``EventView`` answers with and what the store keeps in the `events` table's
/// `payload` column (the store's record codes itself with these keys, and writes its fast form by them), so an event
/// reads back from the database exactly as hooks and the API send it.
public enum EventKey: String, CodingKey, CaseIterable, Sendable {
    case id, event, at, account, network, message, caption, bundle, media, confirm
    case postId = "post_id", deliveryId = "delivery_id", remoteUrl = "remote_url"
}
