#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// One of a PDS's rate limits: `points` per `window` seconds per key (an account's DID, a login identifier).
struct BlueskyRateLimit: Sendable, Equatable {
    var points: Int
    var window: TimeInterval

    /// Repo writes per account: 5,000 points an hour (docs.bsky.app advanced-guides/rate-limits; `repo-write-hour`).
    static let writesPerHour = BlueskyRateLimit(points: 5_000, window: 3_600)
    /// Repo writes per account: 35,000 points a day (`repo-write-day`).
    static let writesPerDay = BlueskyRateLimit(points: 35_000, window: 86_400)
    /// createSession: 30 per 5 minutes.
    static let sessionsPerFiveMinutes = BlueskyRateLimit(points: 30, window: 300)
    /// createSession: 300 per day.
    static let sessionsPerDay = BlueskyRateLimit(points: 300, window: 86_400)
}

/// Where a caller stands after a request, as the `ratelimit-*` headers tell it.
struct BlueskyRateLimitStatus: Sendable, Equatable {
    var limit: Int
    var remaining: Int
    /// When the window resets, in epoch seconds (absolute, as the PDS sends it).
    var reset: Int
    var window: Int
    var allowed: Bool

    /// `ratelimit-limit`, `-remaining`, `-reset`, `-policy` (`<limit>;w=<seconds>`), and on a refusal `retry-after`.
    func headers(now: Date) -> HTTPFields {
        var fields = HTTPFields()
        fields[HTTPField.Name("ratelimit-limit")!] = String(limit)
        fields[HTTPField.Name("ratelimit-remaining")!] = String(remaining)
        fields[HTTPField.Name("ratelimit-reset")!] = String(reset)
        fields[HTTPField.Name("ratelimit-policy")!] = "\(limit);w=\(window)"
        if !allowed {
            fields[.retryAfter] = String(max(0, reset - Int(now.timeIntervalSince1970.rounded(.down))))
        }
        return fields
    }
}

/// Counts points per key in fixed windows for several limits at once (an hour and a day).
///
/// A request is charged against every limit only when all of them have room, so a refused request
/// costs nothing (as the reference's limiter consumes nothing when it refuses). The status reported is
/// the refusing limit's, or else the one with the fewest points left. A value type; an actor owns the live one.
struct BlueskyPointsLimiter: Sendable {
    private struct Window: Sendable {
        var start: Date
        var used: Int
    }

    let limits: [BlueskyRateLimit]
    private var windows: [Int: [String: Window]] = [:]

    init(_ limits: [BlueskyRateLimit]) {
        self.limits = limits
    }

    /// Charges `points` to `key` at `now`, or reports the limit that is spent.
    mutating func consume(_ points: Int, key: String, now: Date) -> BlueskyRateLimitStatus {
        var current: [Window] = []
        for (index, limit) in limits.enumerated() {
            var window = windows[index]?[key] ?? Window(start: now, used: 0)
            if now.timeIntervalSince(window.start) >= limit.window { window = Window(start: now, used: 0) }
            current.append(window)
        }
        let statuses = limits.indices.map { index in
            let limit = limits[index]
            return BlueskyRateLimitStatus(
                limit: limit.points, remaining: limit.points - current[index].used,
                reset: Int((current[index].start.timeIntervalSince1970 + limit.window).rounded(.up)),
                window: Int(limit.window), allowed: current[index].used + points <= limit.points
            )
        }
        if let refusing = statuses.first(where: { !$0.allowed }) {
            return refusing
        }
        for index in limits.indices {
            current[index].used += points
            windows[index, default: [:]][key] = current[index]
        }
        let charged = statuses.map { status in
            var status = status
            status.remaining -= points
            return status
        }
        return charged.min { $0.remaining < $1.remaining }!
    }
}
