#if canImport(FoundationEssentials)
import SchedulerCore
import FoundationEssentials
#else
import Foundation
#endif

/// The sandbox X's posts, and the per-user limits that decide whether a new one is accepted.
///
/// An actor so that the rate-limit slot, the duplicate check and the id are taken in one step:
/// two concurrent retries of the same post must not both get through.
actor XTimeline {
    /// What happened to one `POST /2/tweets`.
    enum Outcome: Sendable {
        case created(XTweet)
        case refused(XProblem)
    }

    private var rateLimiter: FixedWindowRateLimiter
    private var readLimiter: FixedWindowRateLimiter
    private var duplicates: DuplicateContentLedger
    private var ids: SnowflakeGenerator
    private var tweets: [XTweet] = []

    init(
        rateLimiter: FixedWindowRateLimiter = .init(limit: 100, window: 15 * 60),
        readLimiter: FixedWindowRateLimiter = .init(limit: 900, window: 15 * 60),
        duplicates: DuplicateContentLedger = .init(),
        ids: SnowflakeGenerator = .init()
    ) {
        self.rateLimiter = rateLimiter
        self.readLimiter = readLimiter
        self.duplicates = duplicates
        self.ids = ids
    }

    /// Decides a post by `userID`: rate limit first (every request counts), then validation, then the
    /// media (`mediaProblem`, found by the caller in the media library), then the post replied to (it must
    /// exist: 403 as X answers), then duplicates. A reply is a post: the same limits and duplicate rule hold.
    func createTweet(userID: String, body: JSONValue?, mediaProblem: XProblem? = nil, now: Date) -> (Outcome, RateLimitStatus) {
        let limit = rateLimiter.consume(key: userID, now: now)
        guard limit.allowed else { return (.refused(.tooManyRequests), limit) }
        let draft: TweetDraft
        switch TweetValidator.validate(body) {
        case .success(let valid): draft = valid
        case .failure(let problem): return (.refused(problem), limit)
        }
        if let mediaProblem { return (.refused(mediaProblem), limit) }
        let parent = draft.replyTo.flatMap { id in tweets.first { $0.id == id } }
        guard draft.replyTo == nil || parent != nil else { return (.refused(.replyTargetUnavailable), limit) }
        guard !duplicates.isDuplicate(userID: userID, text: draft.text, now: now) else {
            return (.refused(.duplicateContent), limit)
        }
        duplicates.record(userID: userID, text: draft.text, now: now)
        let tweet = XTweet(id: String(ids.next(now: now)), authorID: userID, text: draft.text, mediaIDs: draft.mediaIDs, createdAt: now,
                           inReplyTo: parent)
        tweets.append(tweet)
        return (.created(tweet), limit)
    }

    /// One page of a user's posts, newest first, as `GET /2/users/:id/tweets` lists them; nil when the
    /// reader's window is spent (X allows 900 reads per 15 minutes per user). Posts younger than the
    /// listing lag are not there yet.
    func page(by userID: String, readerID: String, query: XTimelineQuery, listing: ListingBehaviour = .init(), now: Date) -> (XTimelinePage?, RateLimitStatus) {
        let limit = readLimiter.consume(key: readerID, now: now)
        guard limit.allowed else { return (nil, limit) }
        let newestFirst = tweets.reversed().filter { $0.authorID == userID && query.includes($0) && listing.lists(createdAt: $0.createdAt, now: now) }
        return (XTimelinePage(newestFirst: newestFirst, query: query), limit)
    }

    /// Every post accepted so far, oldest first.
    func all() -> [XTweet] {
        tweets
    }
}
