#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Instagram media container: an image the network fetched and a caption, waiting to be published.
struct InstagramContainer: Sendable, Equatable {
    var id: String
    var igUserID: String
    var imageURL: String
    var caption: String?
    var createdAt: Date
    var sniffed: SniffedMedia
    /// How many times its status was read; it is `FINISHED` from the ``pollsToFinish``-th read on.
    var polls = 0
    /// The media it became, once published (containers publish once).
    var mediaID: String?
    /// `alt_text`, as sent.
    var altText: String?
    /// Hex SHA-256 of the fetched image, for records.
    var sha256: String = ""
    /// Made with `is_carousel_item=true`: it can only be a child of a carousel, never published alone.
    var isCarouselItem = false
    /// A `CAROUSEL` container's item containers, in order; empty for an image container.
    var children: [String] = []
    /// The carousel container that took this item (each item goes into one carousel).
    var carouselID: String?

    var isCarousel: Bool { !children.isEmpty }

    /// Containers not published within 24 hours expire.
    static let lifetime: TimeInterval = 86_400
    /// Status reads before `IN_PROGRESS` turns `FINISHED`: the first read says `IN_PROGRESS`, the second `FINISHED`.
    static let pollsToFinish = 2

    /// `IN_PROGRESS`, `FINISHED`, `PUBLISHED` or `EXPIRED`, as `status_code` reports it at `now`.
    func statusCode(at now: Date) -> String {
        if mediaID != nil { return "PUBLISHED" }
        if now.timeIntervalSince(createdAt) >= Self.lifetime { return "EXPIRED" }
        return polls >= Self.pollsToFinish ? "FINISHED" : "IN_PROGRESS"
    }

    /// The longer `status` text that goes with the code.
    func status(at now: Date) -> String {
        switch statusCode(at: now) {
        case "PUBLISHED": "Published: Media has been successfully published."
        case "EXPIRED": "Expired: Media container was not published within 24 hours."
        case "FINISHED": "Finished: Media has been uploaded and it is ready to be published."
        default: "In Progress: Media is still being processed."
        }
    }
}

/// A post published on a sandbox Instagram account.
struct InstagramMedia: Sendable, Equatable {
    var id: String
    var igUserID: String
    var containerID: String
    var caption: String?
    var imageURL: String
    var timestamp: Date
    /// The code in the permalink (`https://www.instagram.com/p/{shortcode}/`).
    var shortcode: String
    /// A carousel's images, in order; empty for a single image.
    var children: [InstagramChild] = []

    /// `IMAGE`, or `CAROUSEL_ALBUM` for a carousel.
    var mediaType: String { children.isEmpty ? "IMAGE" : "CAROUSEL_ALBUM" }

    var permalink: String { "https://www.instagram.com/p/\(shortcode)/" }
}

/// One image of a published carousel (`GET /{media-id}/children`).
struct InstagramChild: Sendable, Equatable {
    var id: String
    var imageURL: String
    var timestamp: Date
}

extension InstagramContainer {
    /// The item as a carousel's record lists it.
    var receivedImage: ReceivedImage {
        ReceivedImage(id: id, altText: altText, sha256: sha256, width: sniffed.width, height: sniffed.height, url: imageURL)
    }
}
