#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sandbox Threads profiles' containers, published posts and replies, quotas and read counters.
///
/// An actor so the container's state, the quota check and the publish happen in one step: two concurrent
/// `threads_publish` calls for one container must not both make a post.
actor ThreadsPublisher {
    // Not private: the carousel and reply rules (`ThreadsPublisher+Carousel.swift`) work on the same state.
    var containers: [String: ThreadsContainer] = [:]
    private(set) var posts: [ThreadsPost] = []
    private var reads: [String: ThreadsReadCounts] = [:]
    private var next: Int64 = 1
    nonisolated let limits: ThreadsLimits

    init(limits: ThreadsLimits) {
        self.limits = limits
    }

    /// Stores `container` under a new id, processing from `now` for the configured time, and returns it.
    func add(_ container: ThreadsContainer, now: Date) -> ThreadsContainer {
        var container = container
        container.id = nextID(base: 17_900_000_000_000_000)
        container.createdAt = now
        container.readyAt = now.addingTimeInterval(limits.processing.timeInterval)
        containers[container.id] = container
        return container
    }

    /// Container `id` of `userID`, counting the read as a status read.
    func readContainer(_ id: String, userID: String) -> ThreadsContainer? {
        guard let container = containers[id], container.userID == userID else { return nil }
        reads[userID, default: ThreadsReadCounts()].containerStatus += 1
        return container
    }

    /// Publishes container `creationID` as `user`: it must be theirs, not a carousel item, `FINISHED`, and the profile
    /// under its post (or, for a reply, reply) quota. Marks the container `PUBLISHED` in the same step.
    func publish(creationID: String, user: ThreadsUser, now: Date) -> Result<ThreadsPost, ThreadsError> {
        guard var container = containers[creationID], container.userID == user.id else { return .failure(.mediaNotFound(creationID)) }
        guard !container.isCarouselItem else { return .failure(.carouselItemAlone(creationID)) }
        switch container.status(at: now) {
        case "PUBLISHED": return .failure(.alreadyPublished(creationID))
        case "IN_PROGRESS": return .failure(.containerNotReady(creationID))
        case "EXPIRED": return .failure(.containerExpired(creationID))
        case "ERROR": return .failure(.containerFailed(creationID, container.failure ?? "UNKNOWN"))
        default: break
        }
        let isReply = container.replyTo != nil
        let total = isReply ? limits.replies : limits.posts
        guard quotaUsage(userID: user.id, replies: isReply, now: now) < total else {
            return .failure(.publishingLimitReached(replies: isReply, total: total))
        }
        let post = makePost(from: container, user: user, now: now)
        container.mediaID = post.id
        containers[creationID] = container
        posts.append(post)
        return .success(post)
    }

    /// Posts (or replies) `userID` published in the moving window before `now`.
    func quotaUsage(userID: String, replies: Bool, now: Date) -> Int {
        posts.count { $0.userID == userID && $0.isReply == replies && now.timeIntervalSince($0.timestamp) < Double(limits.window) }
    }

    /// `userID`'s own posts, replies left out, newest first; counted as a listing read.
    func listPosts(userID: String) -> [ThreadsPost] {
        reads[userID, default: ThreadsReadCounts()].listing += 1
        return posts.filter { $0.userID == userID && !$0.isReply }.reversed()
    }

    /// The direct replies to `id`, oldest first.
    func replies(to id: String) -> [ThreadsPost] {
        posts.filter { $0.replyTo == id }
    }

    /// Post `id`, counting a read by `reader`.
    func readPost(_ id: String, reader: String) -> ThreadsPost? {
        guard let post = posts.first(where: { $0.id == id }) else { return nil }
        reads[reader, default: ThreadsReadCounts()].media += 1
        return post
    }

    /// Post `id`, without counting.
    func post(_ id: String) -> ThreadsPost? {
        posts.first { $0.id == id }
    }

    /// The containers with these ids, in the same order (those that exist).
    func containers(ids: [String]) -> [ThreadsContainer] {
        ids.compactMap { containers[$0] }
    }

    /// How often `userID` read container statuses, its listing and posts by id.
    func readCounts(userID: String) -> ThreadsReadCounts {
        reads[userID] ?? ThreadsReadCounts()
    }

    func nextID(base: Int64) -> String {
        defer { next += 1 }
        return String(base + next)
    }

    private func makePost(from container: ThreadsContainer, user: ThreadsUser, now: Date) -> ThreadsPost {
        let id = nextID(base: 18_100_000_000_000_000)
        let items = containers(ids: container.children)
        return ThreadsPost(
            id: id, userID: user.id, username: user.username, containerID: container.id, text: container.text,
            mediaType: container.kind == .text ? "TEXT_POST" : container.kind == .carousel ? "CAROUSEL_ALBUM" : container.kind.rawValue,
            mediaURL: container.mediaURL ?? items.first?.mediaURL, altText: container.altText, linkAttachment: container.linkAttachment,
            children: items.map { ThreadsPostChild(id: nextID(base: 18_200_000_000_000_000), mediaType: $0.kind.rawValue, mediaURL: $0.mediaURL) },
            replyTo: container.replyTo, rootID: container.rootID, timestamp: now, shortcode: Self.shortcode(id)
        )
    }

    /// An 11-character code derived from the id, like the ones in Threads permalinks.
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

/// How often one profile's data was read: what a test checks to see a client poll politely.
struct ThreadsReadCounts: Sendable, Equatable, Encodable {
    /// `GET /{container-id}` reads.
    var containerStatus = 0
    /// `GET /{user-id}/threads` calls.
    var listing = 0
    /// `GET /{media-id}` reads.
    var media = 0

    enum CodingKeys: String, CodingKey {
        case containerStatus = "container_status"
        case listing, media
    }
}
