import Connectors
import Foundation
import SchedulerCore

/// Spreads a burst of posts over each network's published limits, so a thousand posts due at once go
/// out as fast as the network allows instead of into a wall of 429s.
///
/// One token bucket per account and one per network (the app), refilled continuously; answers that say
/// the limit is spent (``RateLimitHint``, a 429's reset time) block the account or the network until then.
public actor PublishBudget {
    /// `capacity` posts per `window` seconds.
    public struct Rule: Sendable, Equatable {
        public var capacity: Double
        public var window: TimeInterval

        public init(capacity: Double, window: TimeInterval) {
            self.capacity = capacity
            self.window = window
        }
    }

    /// Each network's documented posting limits (API-NOTES): X 100 posts per 15 minutes per user and
    /// 10,000 per day per app; Instagram 50 API posts per rolling day per account; LinkedIn 150 per
    /// member per day; a Facebook Page 4,800 Graph calls per hour.
    public static let defaultRules: [Network: (account: Rule, network: Rule?)] = [
        .x: (Rule(capacity: 100, window: 15 * 60), Rule(capacity: 10_000, window: 86_400)),
        .instagram: (Rule(capacity: 50, window: 86_400), nil),
        .linkedin: (Rule(capacity: 150, window: 86_400), nil),
        .facebook: (Rule(capacity: 4_800, window: 3_600), nil),
    ]

    private struct Bucket {
        var rule: Rule
        var tokens: Double
        var updated: Date
        var blockedUntil: Date?

        mutating func refill(_ now: Date) {
            let elapsed = max(0, now.timeIntervalSince(updated))
            tokens = min(rule.capacity, tokens + elapsed * rule.capacity / rule.window)
            updated = now
        }

        /// When one token will be there and nothing blocks (now when one is there already).
        func availableAt(_ now: Date) -> Date {
            var at = now
            if tokens < 1 { at = now.addingTimeInterval((1 - tokens) * rule.window / rule.capacity) }
            if let blockedUntil, blockedUntil > at { at = blockedUntil }
            return at
        }
    }

    private enum Key: Hashable {
        case account(Int64)
        case network(Network)
    }

    private let rules: [Network: (account: Rule, network: Rule?)]
    private var buckets: [Key: Bucket] = [:]

    public init(rules: [Network: (account: Rule, network: Rule?)] = PublishBudget.defaultRules) {
        self.rules = rules
    }

    /// Counts `sent` requests already made in the current window (after a restart).
    public func seed(accountID: Int64, network: Network, sent: Int, now: Date) {
        guard let rule = rules[network] else { return }
        var bucket = self.bucket(.account(accountID), rule.account, now)
        bucket.tokens = max(0, bucket.tokens - Double(sent))
        buckets[.account(accountID)] = bucket
        if let networkRule = rule.network {
            var shared = self.bucket(.network(network), networkRule, now)
            shared.tokens = max(0, shared.tokens - Double(sent))
            buckets[.network(network)] = shared
        }
    }

    /// Takes one post's worth from the account's and the network's budgets and returns nil, or leaves
    /// both untouched and returns when the post may go.
    public func reserve(accountID: Int64, network: Network, now: Date) -> Date? {
        guard let rule = rules[network] else { return nil }
        var account = bucket(.account(accountID), rule.account, now)
        var shared = rule.network.map { bucket(.network(network), $0, now) }
        account.refill(now)
        shared?.refill(now)
        let at = max(account.availableAt(now), shared?.availableAt(now) ?? now)
        // Due times are stored to the millisecond: a wait shorter than that is no wait.
        if at.timeIntervalSince(now) >= 0.001 {
            buckets[.account(accountID)] = account
            if let shared { buckets[.network(network)] = shared }
            return at
        }
        account.tokens -= 1
        shared?.tokens -= 1
        buckets[.account(accountID)] = account
        if let shared { buckets[.network(network)] = shared }
        return nil
    }

    /// Gives back what ``reserve(accountID:network:now:)`` took for an attempt that published nothing
    /// (a look-up that found the post, a 5xx, a rate limit): the limits count posts, and a burst of
    /// failures must not hold the next posts back for a day's refill.
    public func refund(accountID: Int64, network: Network) {
        guard let rule = rules[network] else { return }
        if var account = buckets[.account(accountID)] {
            account.tokens = min(rule.account.capacity, account.tokens + 1)
            buckets[.account(accountID)] = account
        }
        if let networkRule = rule.network, var shared = buckets[.network(network)] {
            shared.tokens = min(networkRule.capacity, shared.tokens + 1)
            buckets[.network(network)] = shared
        }
    }

    /// What the network said: fewer calls left than we thought, or none until a reset. A spent limit
    /// with a reset time blocks until then and no longer: the network's window starts afresh at the
    /// reset, so the budget is not drained (a 429 from LinkedIn must not hold posts for a day's refill).
    public func observe(_ hint: RateLimitHint, accountID: Int64, network: Network, now: Date) {
        guard let rule = rules[network] else { return }
        let key: Key = hint.scope == .account ? .account(accountID) : .network(network)
        var bucket = bucket(key, hint.scope == .account ? rule.account : (rule.network ?? rule.account), now)
        bucket.refill(now)
        switch (hint.remaining, hint.resetAt) {
        case (let remaining?, let resetAt?) where remaining <= 0:
            if resetAt > now { bucket.blockedUntil = max(bucket.blockedUntil ?? resetAt, resetAt) }
        case (nil, _?):
            // Nearly spent (Graph at 95 %): slow down to the refill rate rather than stop.
            bucket.tokens = min(bucket.tokens, 1)
        case (let remaining?, _):
            bucket.tokens = min(bucket.tokens, Double(max(0, remaining)))
        case (nil, nil):
            break
        }
        buckets[key] = bucket
    }

    private func bucket(_ key: Key, _ rule: Rule, _ now: Date) -> Bucket {
        buckets[key] ?? Bucket(rule: rule, tokens: rule.capacity, updated: now)
    }
}
