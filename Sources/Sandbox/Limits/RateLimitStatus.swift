/// Where a caller stands in its rate-limit window, as the `x-rate-limit-*` headers tell it.
public struct RateLimitStatus: Sendable, Equatable {
    /// Requests allowed per window (`x-rate-limit-limit`).
    public var limit: Int
    /// Requests left in this window after this one (`x-rate-limit-remaining`).
    public var remaining: Int
    /// When the window resets, in Unix seconds (`x-rate-limit-reset`).
    public var reset: Int
    /// Whether this request fits in the window; `false` means answer 429.
    public var allowed: Bool

    public init(limit: Int, remaining: Int, reset: Int, allowed: Bool) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.allowed = allowed
    }
}
