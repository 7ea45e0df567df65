#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts requests per caller in fixed windows, the way X's per-user limits behave.
///
/// A caller's window starts with its first request and lasts `window` seconds; every request in it
/// (accepted or not) uses one of `limit` slots. A value type so tests drive it with any clock;
/// an actor owns the live one.
public struct FixedWindowRateLimiter: Sendable {
    private struct Window: Sendable {
        var start: Date
        var used: Int
    }

    /// Requests allowed per window.
    public let limit: Int
    /// The window length in seconds.
    public let window: TimeInterval
    private var windows: [String: Window] = [:]

    public init(limit: Int, window: TimeInterval) {
        self.limit = limit
        self.window = window
    }

    /// Uses one slot for `key` at `now`, or reports that none is left.
    public mutating func consume(key: String, now: Date) -> RateLimitStatus {
        var current = windows[key] ?? Window(start: now, used: 0)
        if now.timeIntervalSince(current.start) >= window {
            current = Window(start: now, used: 0)
        }
        let reset = Int((current.start.timeIntervalSince1970 + window).rounded(.up))
        guard current.used < limit else {
            windows[key] = current
            return RateLimitStatus(limit: limit, remaining: 0, reset: reset, allowed: false)
        }
        current.used += 1
        windows[key] = current
        return RateLimitStatus(limit: limit, remaining: limit - current.used, reset: reset, allowed: true)
    }
}
