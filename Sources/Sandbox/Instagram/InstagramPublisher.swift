#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sandbox Instagram accounts' containers, published media and publishing quota.
///
/// An actor so the quota check, the container's state and the publish happen in one step: two
/// concurrent `media_publish` calls for one container must not both succeed.
actor InstagramPublisher {
    // Not private: the carousel rules (`InstagramPublisher+Carousel.swift`) work on the same state.
    var containers: [String: InstagramContainer] = [:]
    private var published: [InstagramMedia] = []
    private var next: Int64 = 1
    /// Posts one account may publish per rolling ``quotaDuration``.
    let quota: Int

    /// The quota's rolling window: 24 hours.
    static let quotaDuration = 86_400

    init(quota: Int) {
        self.quota = quota
    }

    /// Stores `container` (an image that passed the checks, or a checked carousel) under a new id and returns it.
    func add(_ container: InstagramContainer) -> InstagramContainer {
        var container = container
        container.id = nextID(base: 17_889_000_000_000_000)
        containers[container.id] = container
        return container
    }

    /// Reads `id`'s status for `igUserID`, counting the read: processing advances per poll.
    func poll(_ id: String, igUserID: String) -> InstagramContainer? {
        guard var container = containers[id], container.igUserID == igUserID else { return nil }
        container.polls += 1
        containers[id] = container
        return container
    }

    /// Publishes container `creationID` as `igUserID`: it must be theirs, `FINISHED`, not yet
    /// published, and the account under its quota.
    func publish(igUserID: String, creationID: String, now: Date) -> Result<InstagramMedia, GraphError> {
        guard var container = containers[creationID], container.igUserID == igUserID else {
            return .failure(.containerNotFound(creationID))
        }
        guard !container.isCarouselItem else { return .failure(.carouselItemAlone(creationID)) }
        switch container.statusCode(at: now) {
        case "EXPIRED": return .failure(.containerExpired)
        case "PUBLISHED": return .failure(.containerNotReady(alreadyPublished: true))
        case "FINISHED": break
        default: return .failure(.containerNotReady(alreadyPublished: false))
        }
        guard quotaUsage(igUserID: igUserID, now: now) < quota else { return .failure(.publishingLimitReached) }
        let mediaID = nextID(base: 17_895_000_000_000_000)
        let media = InstagramMedia(
            id: mediaID, igUserID: igUserID, containerID: creationID, caption: container.caption,
            imageURL: container.children.first.flatMap { containers[$0]?.imageURL } ?? container.imageURL, timestamp: now,
            shortcode: Self.shortcode(mediaID),
            children: container.children.map { InstagramChild(id: nextID(base: 17_896_000_000_000_000), imageURL: containers[$0]?.imageURL ?? "", timestamp: now) }
        )
        container.mediaID = mediaID
        containers[creationID] = container
        published.append(media)
        return .success(media)
    }

    /// Posts `igUserID` published in the last 24 hours.
    func quotaUsage(igUserID: String, now: Date) -> Int {
        published.filter { $0.igUserID == igUserID && now.timeIntervalSince($0.timestamp) < TimeInterval(Self.quotaDuration) }.count
    }

    /// `igUserID`'s published media, newest first.
    func media(igUserID: String) -> [InstagramMedia] {
        published.filter { $0.igUserID == igUserID }.reversed()
    }

    func media(id: String) -> InstagramMedia? {
        published.first { $0.id == id }
    }

    func nextID(base: Int64) -> String {
        defer { next += 1 }
        return String(base + next)
    }

    /// An 11-character code derived from the id, like Instagram's shortcodes.
    private static func shortcode(_ id: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var value = UInt64(id) ?? 0
        var code = ""
        for _ in 0..<11 {
            code.append(alphabet[Int(value & 63)])
            value >>= 6
        }
        return code
    }
}
