#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// A Threads media container: what `POST /{user-id}/threads` made, waiting to be published (docs/research/threads.md §2, §3).
///
/// Its status follows the sandbox clock: `IN_PROGRESS` until ``readyAt``, then `FINISHED` (or `ERROR` when its media
/// could not be fetched or used), `EXPIRED` once 24 hours old and unpublished, `PUBLISHED` once published: a
/// container is published once.
struct ThreadsContainer: Sendable, Equatable {
    /// `media_type`: what the container holds.
    enum Kind: String, Sendable, Equatable {
        case text = "TEXT", image = "IMAGE", video = "VIDEO", carousel = "CAROUSEL"
    }

    var id = ""
    var userID: String
    var kind: Kind
    var text: String?
    /// `image_url` or `video_url`, as sent.
    var mediaURL: String?
    var altText: String?
    var linkAttachment: String?
    /// `reply_to_id`: the post this one answers, and the root of that thread.
    var replyTo: String?
    var rootID: String?
    var isCarouselItem = false
    /// A carousel's item containers, in order.
    var children: [String] = []
    var createdAt: Date
    /// When processing ends.
    var readyAt: Date
    /// Why processing failed (`error_message`), shown once processing ends.
    var failure: String?
    /// What the sandbox fetched from ``mediaURL``.
    var fetched: FetchedMedia?
    /// The post it became, once published.
    var mediaID: String?
    /// The carousel that took this item (each item goes into one carousel).
    var carouselID: String?

    /// What the sandbox learned from a fetched image or video, for records and reads.
    struct FetchedMedia: Sendable, Equatable {
        var sha256: String
        var sniffed: SniffedMedia?
        /// `{"url", "content_type", "bytes", "sha256", "format", "width", "height"}`, for the record's `fetched`.
        var descriptor: JSONValue
    }

    /// `IN_PROGRESS`, `FINISHED`, `ERROR`, `EXPIRED` or `PUBLISHED` at `now`.
    func status(at now: Date) -> String {
        if mediaID != nil { return "PUBLISHED" }
        if now < readyAt { return "IN_PROGRESS" }
        if failure != nil { return "ERROR" }
        if now.timeIntervalSince(createdAt) >= ThreadsLimits.containerLifetime { return "EXPIRED" }
        return "FINISHED"
    }

    /// The item as a carousel's record lists it.
    var receivedImage: ReceivedImage {
        ReceivedImage(id: id, altText: altText, sha256: fetched?.sha256 ?? "", width: fetched?.sniffed?.width, height: fetched?.sniffed?.height,
                      url: mediaURL)
    }
}

/// A post (or reply) published on a sandbox Threads profile.
struct ThreadsPost: Sendable, Equatable {
    var id: String
    var userID: String
    var username: String
    var containerID: String
    var text: String?
    /// `TEXT_POST`, `IMAGE`, `VIDEO` or `CAROUSEL_ALBUM`.
    var mediaType: String
    var mediaURL: String?
    var altText: String?
    var linkAttachment: String?
    /// A carousel's items as published, in order.
    var children: [ThreadsPostChild] = []
    var replyTo: String?
    var rootID: String?
    var timestamp: Date
    var shortcode: String

    var isReply: Bool { replyTo != nil }
    var permalink: String { "https://www.threads.com/@\(username)/post/\(shortcode)" }
}

/// One item of a published carousel.
struct ThreadsPostChild: Sendable, Equatable {
    var id: String
    var mediaType: String
    var mediaURL: String?
}
