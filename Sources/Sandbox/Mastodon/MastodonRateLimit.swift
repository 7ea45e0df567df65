#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// One of an instance's rate limits: `limit` requests per `period` seconds for one key (a token, an account).
///
/// Windows are aligned to the epoch, as rack-attack and Mastodon's `RateLimiter` count per `now / period`: every window
/// resets on a multiple of the period, not a period after the first request (docs/research/mastodon.md §8).
public struct MastodonRateLimit: Sendable, Equatable {
    public var limit: Int
    /// The window length in whole seconds.
    public var period: Int

    public init(limit: Int, period: Int) {
        self.limit = limit
        self.period = max(1, period)
    }

    /// `throttle_per_token_api`: 300 requests per 5 minutes per access token, every endpoint.
    public static let perToken = MastodonRateLimit(limit: 300, period: 300)
    /// `throttle_api_media`: 30 uploads per 30 minutes per account (`POST /api/v1/media` and `/api/v2/media`).
    public static let mediaUploads = MastodonRateLimit(limit: 30, period: 1_800)
    /// `RateLimiter` family `statuses`: 300 statuses per 3 hours per account.
    public static let statuses = MastodonRateLimit(limit: 300, period: 10_800)
    /// `throttle_authenticated_paging`: 300 paged reads (`max_id`, `since_id`, `min_id`) per 15 minutes per account.
    public static let paging = MastodonRateLimit(limit: 300, period: 900)
}

/// Every limit one instance enforces; tests pass small ones, as the Bluesky network's initializer takes its own.
public struct MastodonRateLimits: Sendable, Equatable {
    public var perToken: MastodonRateLimit
    public var mediaUploads: MastodonRateLimit
    public var statuses: MastodonRateLimit
    public var paging: MastodonRateLimit

    public init(
        perToken: MastodonRateLimit = .perToken,
        mediaUploads: MastodonRateLimit = .mediaUploads,
        statuses: MastodonRateLimit = .statuses,
        paging: MastodonRateLimit = .paging
    ) {
        self.perToken = perToken
        self.mediaUploads = mediaUploads
        self.statuses = statuses
        self.paging = paging
    }
}

/// Where a caller stands against one limit after a request, as the `X-RateLimit-*` headers tell it.
struct MastodonRateLimitStatus: Sendable, Equatable {
    var limit: Int
    var remaining: Int
    /// The end of the window: a multiple of the period.
    var reset: Date
    var allowed: Bool

    /// `X-RateLimit-Limit`, `-Remaining` and `-Reset` (ISO 8601 with microseconds, as `iso8601(6)` writes it).
    /// There is no `Retry-After`: the reference sends none.
    var headers: HTTPFields {
        var fields = HTTPFields()
        fields[HTTPField.Name("X-RateLimit-Limit")!] = String(limit)
        fields[HTTPField.Name("X-RateLimit-Remaining")!] = String(remaining)
        fields[HTTPField.Name("X-RateLimit-Reset")!] = String(SandboxTimestamp.rfc3339(reset).dropLast()) + "000Z"
        return fields
    }

    /// The status to report among several: the refusing one, else the one closest to running out ("the limit you are
    /// closest to hitting").
    static func closest(_ statuses: [MastodonRateLimitStatus]) -> MastodonRateLimitStatus? {
        statuses.first { !$0.allowed } ?? statuses.min { $0.remaining < $1.remaining }
    }
}

/// Counts requests per key in epoch-aligned windows for one limit. A value type; an actor owns the live one.
///
/// A refused request is not counted, so a caller that waits for the reset gets the whole next window.
struct MastodonRateLimiter: Sendable {
    let rule: MastodonRateLimit
    private var windows: [String: (index: Int, used: Int)] = [:]

    init(_ rule: MastodonRateLimit) {
        self.rule = rule
    }

    /// Uses one request of `key`'s window at `now`, or says that none is left.
    mutating func consume(key: String, now: Date) -> MastodonRateLimitStatus {
        let status = peek(key: key, now: now)
        guard status.allowed else { return status }
        let index = Self.windowIndex(now, period: rule.period)
        windows[key] = (index, rule.limit - status.remaining + 1)
        return MastodonRateLimitStatus(limit: rule.limit, remaining: status.remaining - 1, reset: status.reset, allowed: true)
    }

    /// Where `key` stands at `now` without using anything: `allowed` when one more request fits.
    func peek(key: String, now: Date) -> MastodonRateLimitStatus {
        let index = Self.windowIndex(now, period: rule.period)
        let used = windows[key].flatMap { $0.index == index ? $0.used : nil } ?? 0
        let reset = Date(timeIntervalSince1970: TimeInterval((index + 1) * rule.period))
        return MastodonRateLimitStatus(limit: rule.limit, remaining: max(0, rule.limit - used), reset: reset, allowed: used < rule.limit)
    }

    private static func windowIndex(_ now: Date, period: Int) -> Int {
        Int((now.timeIntervalSince1970 / TimeInterval(period)).rounded(.down))
    }
}
