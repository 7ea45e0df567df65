import Foundation
import SchedulerCore

/// Spreads a burst of posts over each network's published limits, so a thousand posts due at once go
/// out as fast as the network allows instead of into a wall of 429s.
///
/// One token bucket per account and one per network (the app), refilled continuously; answers that say
/// the limit is spent (``RateLimitHint``, a 429's reset time) block the account or the network until then.
package actor PublishBudget: PublishBudgeting {
    /// `capacity` posts per `window` seconds.
    package struct Rule: Sendable, Equatable {
        package var capacity: Double
        package var window: TimeInterval

        package init(capacity: Double, window: TimeInterval) {
            self.capacity = capacity
            self.window = window
        }
    }

    /// Each network's documented posting limits (API-NOTES): X 100 posts per 15 minutes per user and
    /// 10,000 per day per app; Instagram 50 API posts per rolling day per account; LinkedIn 150 per
    /// member per day; a Facebook Page 4,800 Graph calls per hour. Bluesky: a create costs 3 of the 5,000 write points a
    /// PDS gives an account an hour (docs/research/bluesky.md; the day's 35,000 is 7 hours' worth, and the 429's
    /// `ratelimit-reset` holds the account beyond it). Mastodon: 300 statuses per account in 3 hours. Threads: 250
    /// posts per profile in 24 hours.
    package static let defaultRules: [Network: (account: Rule, network: Rule?)] = [
        .x: (Rule(capacity: 100, window: 15 * 60), Rule(capacity: 10_000, window: 86_400)),
        .instagram: (Rule(capacity: 50, window: 86_400), nil),
        .linkedin: (Rule(capacity: 150, window: 86_400), nil),
        .facebook: (Rule(capacity: 4_800, window: 3_600), nil),
        .bluesky: (Rule(capacity: 1_666, window: 3_600), nil),
        .mastodon: (Rule(capacity: 300, window: 3 * 3_600), nil),
        .threads: (Rule(capacity: 250, window: 86_400), nil),
    ]

    private enum Key: Hashable {
        case account(Int64)
        case network(Network)
    }

    private let rules: [Network: (account: Rule, network: Rule?)]
    private var buckets: [Key: TokenBucket] = [:]

    package init(rules: [Network: (account: Rule, network: Rule?)] = PublishBudget.defaultRules) {
        self.rules = rules
    }

    /// Counts `sent` requests already made in the current window (after a restart).
    package func seed(accountID: Int64, network: Network, sent: Int, now: Date) {
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
    package func reserve(accountID: Int64, network: Network, now: Date) -> Date? {
        guard let rule = rules[network] else { return nil }
        var account = bucket(.account(accountID), rule.account, now)
        var shared = rule.network.map { bucket(.network(network), $0, now) }
        let wait = TokenBucket.take(&account, &shared, now: now)
        buckets[.account(accountID)] = account
        if let shared { buckets[.network(network)] = shared }
        return wait
    }

    package func reserve(_ posts: [BudgetedPost], now: Date) -> [Date?] {
        posts.map { reserve(accountID: $0.accountID, network: $0.network, now: now) }
    }

    /// Gives back what ``reserve(accountID:network:now:)`` took for an attempt that published nothing
    /// (a look-up that found the post, a 5xx, a rate limit): the limits count posts, and a burst of
    /// failures must not hold the next posts back for a day's refill.
    package func refund(accountID: Int64, network: Network) {
        guard let rule = rules[network] else { return }
        buckets[.account(accountID)]?.refund()
        if rule.network != nil { buckets[.network(network)]?.refund() }
    }

    /// What the network said: fewer calls left than we thought, or none until a reset. A spent limit
    /// with a reset time blocks until then and no longer: the network's window starts afresh at the
    /// reset, so the budget is not drained (a 429 from LinkedIn must not hold posts for a day's refill).
    package func observe(_ hint: RateLimitHint, accountID: Int64, network: Network, now: Date) {
        guard let rule = rules[network] else { return }
        let key: Key = hint.scope == .account ? .account(accountID) : .network(network)
        var bucket = bucket(key, hint.scope == .account ? rule.account : (rule.network ?? rule.account), now)
        bucket.observe(hint, now: now)
        buckets[key] = bucket
    }

    private func bucket(_ key: Key, _ rule: Rule, _ now: Date) -> TokenBucket {
        buckets[key] ?? TokenBucket(rule: rule, tokens: rule.capacity, updated: now)
    }
}
