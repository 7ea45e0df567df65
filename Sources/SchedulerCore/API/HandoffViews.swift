import Foundation

/// An Instagram post waiting for the person to publish it in the app.
public struct HandoffView: Codable, Sendable, Equatable {
    public var deliveryId: Int64
    public var postId: Int64
    public var account: String
    public var caption: String
    /// The folder holding `caption.txt`, the media and `manifest.json`.
    public var bundle: String
    public var handedOffAt: Date
    public var remindAt: Date?
    public var expiresAt: Date

    enum CodingKeys: String, CodingKey {
        case account, caption, bundle
        case deliveryId = "delivery_id", postId = "post_id", handedOffAt = "handed_off_at", remindAt = "remind_at", expiresAt = "expires_at"
    }

    public init(deliveryId: Int64, postId: Int64, account: String, caption: String, bundle: String, handedOffAt: Date,
                remindAt: Date?, expiresAt: Date) {
        self.deliveryId = deliveryId; self.postId = postId; self.account = account; self.caption = caption
        self.bundle = bundle; self.handedOffAt = handedOffAt; self.remindAt = remindAt; self.expiresAt = expiresAt
    }
}

/// `POST /v1/handoffs/{delivery_id}/done`: the person published it, at this permalink when given.
public struct HandoffDoneRequest: Codable, Sendable, Equatable {
    public var url: String?

    public init(url: String?) { self.url = url }
}
