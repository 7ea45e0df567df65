#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A post on a sandbox Facebook Page: text, link or photo, published, scheduled or unpublished.
struct PagePost: Sendable, Equatable {
    /// `{page-id}_{post-number}`, as Graph names Page posts.
    var id: String
    var pageID: String
    var message: String?
    var link: String?
    var createdAt: Date
    /// Whether it was published when created (`published` not `false`).
    var publishedAtCreation: Bool
    /// When a scheduled post goes live (`scheduled_publish_time`).
    var scheduledAt: Date?
    /// Unpublished photos (`media_fbid`) attached to it.
    var attachedMedia: [String] = []
    /// The photo a `/photos` upload created this post for.
    var photoID: String?

    /// Whether it shows in the Page's feed at `now`: published, or scheduled and due.
    func isVisible(at now: Date) -> Bool {
        publishedAtCreation || scheduledAt.map { now >= $0 } == true
    }

    /// The number after the underscore.
    var number: String { String(id.split(separator: "_").last ?? "") }
}

/// A photo uploaded to a Page with `POST /{page-id}/photos`.
struct PagePhoto: Sendable, Equatable {
    var id: String
    var pageID: String
    var caption: String?
    /// The post it appears in: its own when published, the one it was attached to otherwise.
    var postID: String?
    var createdAt: Date
    var sniffed: SniffedMedia
    /// `alt_text_custom`, as sent.
    var altText: String?
    /// Hex SHA-256 of the bytes, for records.
    var sha256: String = ""
    /// Uploaded with `temporary=true`: deleted if it is not attached within the temporary lifetime.
    var temporary = false

    /// Whether Facebook has deleted it by `now`: a temporary photo left unattached past `lifetime`.
    func isExpired(at now: Date, lifetime: TimeInterval) -> Bool {
        temporary && postID == nil && now.timeIntervalSince(createdAt) >= lifetime
    }
}

extension PagePhoto {
    /// The photo as a multi-photo post's record lists it.
    var receivedImage: ReceivedImage {
        ReceivedImage(id: id, altText: altText, sha256: sha256, width: sniffed.width, height: sniffed.height)
    }
}
