import Foundation

/// What a network said about its rate limit on one answer, so the engine can spread the next posts
/// instead of sending them into a wall of 429s.
///
/// In SchedulerCore, below both the connectors and the stores (which keep the budgets' state), so that no store
/// imports Connectors for it. Connectors fill this from the network's own headers (`x-rate-limit-remaining`/`-reset`,
/// `X-App-Usage`, `X-Business-Use-Case-Usage`, `Retry-After`); the engine keeps the budgets.
public struct RateLimitHint: Sendable, Equatable {
    /// Whom the limit applies to: one account (a user, a Page, a member) or the whole app on that network.
    public enum Scope: String, Sendable, Equatable {
        case account, network
    }

    public var scope: Scope
    /// Calls left in the current window, when the network says.
    public var remaining: Int?
    /// When the window resets (or access is regained), when the network says.
    public var resetAt: Date?

    public init(scope: Scope, remaining: Int? = nil, resetAt: Date? = nil) {
        self.scope = scope
        self.remaining = remaining
        self.resetAt = resetAt
    }

    /// Nothing more may be sent in this scope before ``resetAt``.
    public var isExhausted: Bool { (remaining ?? 1) <= 0 && resetAt != nil }
}
