import Connectors
import Foundation
import SchedulerCore

/// The rate-limit budgets the engine spends before each request: ``PublishBudget`` in memory for one daemon,
/// ``SharedPublishBudget`` in the database for daemons that share one, so together they stay within a network's
/// limits. A budget that cannot be read holds the post back a little rather than send it unbudgeted.
public protocol PublishBudgeting: Sendable {
    /// Takes one post's worth and returns nil, or takes nothing and returns when the post may go.
    func reserve(accountID: Int64, network: Network, now: Date) async -> Date?
    /// Gives back what `reserve` took for an attempt that published nothing.
    func refund(accountID: Int64, network: Network) async
    /// What a network said about its limit: fewer calls left, or none until a reset.
    func observe(_ hint: RateLimitHint, accountID: Int64, network: Network, now: Date) async
}
