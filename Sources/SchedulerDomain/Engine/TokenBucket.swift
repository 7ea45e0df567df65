import Foundation
import SchedulerCore

/// One budget: `rule.capacity` posts per `rule.window`, refilled continuously, and blocked until a time a network
/// named. The arithmetic of ``PublishBudget`` (one daemon, in memory) and of the shared budget in PostgreSQL.
package struct TokenBucket: Sendable {
    package var rule: PublishBudget.Rule
    package var tokens: Double
    package var updated: Date
    package var blockedUntil: Date?

    package mutating func refill(_ now: Date) {
        let elapsed = max(0, now.timeIntervalSince(updated))
        tokens = min(rule.capacity, tokens + elapsed * rule.capacity / rule.window)
        updated = now
    }

    /// When one token will be there and nothing blocks (now when one is there already).
    package func availableAt(_ now: Date) -> Date {
        var at = now
        if tokens < 1 { at = now.addingTimeInterval((1 - tokens) * rule.window / rule.capacity) }
        if let blockedUntil, blockedUntil > at { at = blockedUntil }
        return at
    }

    /// What a network said about this budget: fewer calls left than counted, or none until a reset.
    package mutating func observe(_ hint: RateLimitHint, now: Date) {
        refill(now)
        switch (hint.remaining, hint.resetAt) {
        case (let remaining?, let resetAt?) where remaining <= 0:
            if resetAt > now { blockedUntil = max(blockedUntil ?? resetAt, resetAt) }
        case (nil, _?):
            // Nearly spent (Graph at 95 %): slow down to the refill rate rather than stop.
            tokens = min(tokens, 1)
        case (let remaining?, _):
            tokens = min(tokens, Double(max(0, remaining)))
        case (nil, nil):
            break
        }
    }

    /// Takes one post's worth from the account's and the network's budgets and returns nil, or takes nothing
    /// and returns when the post may go. Both are refilled to `now` either way.
    package static func take(_ account: inout TokenBucket, _ shared: inout TokenBucket?, now: Date) -> Date? {
        account.refill(now)
        shared?.refill(now)
        let at = max(account.availableAt(now), shared?.availableAt(now) ?? now)
        // Due times are stored to the millisecond: a wait shorter than that is no wait.
        if at.timeIntervalSince(now) >= 0.001 { return at }
        account.tokens -= 1
        shared?.tokens -= 1
        return nil
    }

    /// Gives back one post's worth, up to the capacity.
    package mutating func refund() {
        tokens = min(rule.capacity, tokens + 1)
    }
    package init(rule: PublishBudget.Rule, tokens: Double, updated: Date, blockedUntil: Date? = nil) {
        self.rule = rule
        self.tokens = tokens
        self.updated = updated
        self.blockedUntil = blockedUntil
    }
}
