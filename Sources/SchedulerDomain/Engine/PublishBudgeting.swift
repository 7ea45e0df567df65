import Foundation
import SchedulerCore

/// The rate-limit budgets the engine spends before each request: ``PublishBudget`` in memory for one daemon,
/// ``SharedPublishBudget`` in the database for daemons that share one, so together they stay within a network's
/// limits. A budget that cannot be read holds the post back a little rather than send it unbudgeted.
package protocol PublishBudgeting: Sendable {
    /// For each post in turn, takes one post's worth and answers nil, or takes nothing and answers when the post may
    /// go. A whole claim is reserved in one call, so a budget kept in a database is read and written once for it.
    func reserve(_ posts: [BudgetedPost], now: Date) async -> [Date?]
    /// Gives back what `reserve` took for an attempt that published nothing.
    func refund(accountID: Int64, network: Network) async
    /// What a network said about its limit: fewer calls left, or none until a reset.
    func observe(_ hint: RateLimitHint, accountID: Int64, network: Network, now: Date) async
}

/// One post's claim on a budget: its account's, and its network's where the network has an app-wide limit.
package struct BudgetedPost: Sendable, Hashable {
    package var accountID: Int64
    package var network: Network

    package init(accountID: Int64, network: Network) {
        self.accountID = accountID
        self.network = network
    }
}

extension PublishBudgeting {
    /// One post's reserve: nil when it may go now, else when it may.
    package func reserve(accountID: Int64, network: Network, now: Date) async -> Date? {
        await reserve([BudgetedPost(accountID: accountID, network: network)], now: now)[0]
    }
}
