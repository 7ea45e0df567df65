import Foundation
import PostgresTestCluster
import SchedulerCore
import Testing
@testable import Scheduler

/// Daemons sharing a database share the rate-limit budgets: together they stay within a network's limit.
@Suite struct SharedPublishBudgetTests {
    static let rules: [Network: (account: PublishBudget.Rule, network: PublishBudget.Rule?)] = [
        .x: (PublishBudget.Rule(capacity: 3, window: 15 * 60), PublishBudget.Rule(capacity: 5, window: 86_400)),
    ]

    @Test func twoDaemons_togetherSpendOneAccountsBudget_andThenWaitForItsRefill() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database) { first in
            try await withPostgresStore(on: database) { second in
                let budgets = [SharedPublishBudget(store: first, rules: Self.rules), SharedPublishBudget(store: second, rules: Self.rules)]
                let now = Date()
                var waits: [Date?] = []
                for turn in 0..<4 { waits.append(await budgets[turn % 2].reserve(accountID: 1, network: .x, now: now)) }
                #expect(waits.prefix(3).allSatisfy { $0 == nil }, "three posts fit the account's budget, whichever daemon sends them")
                let wait = try #require(waits[3], "the fourth waits, though its daemon sent only two")
                #expect(abs(wait.timeIntervalSince(now) - 300) < 5, "one post's refill: 15 minutes / 3 (\(wait.timeIntervalSince(now)) s)")

                await budgets[0].refund(accountID: 1, network: .x)
                #expect(await budgets[1].reserve(accountID: 1, network: .x, now: now) == nil, "a refund at one daemon is spent at the other")
                #expect(await budgets[1].reserve(accountID: 2, network: .x, now: now) == nil, "another account has its own budget")
                #expect(await budgets[0].reserve(accountID: 3, network: .x, now: now) == nil, "the app's fifth post")
                #expect(await budgets[0].reserve(accountID: 4, network: .x, now: now) != nil, "the app's budget (5) is spent across accounts")
            }
        }
    }
}
