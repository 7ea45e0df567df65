import Connectors
import Foundation
import PostgresTestCluster
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Daemons sharing a database share the rate-limit budgets: together they stay within a network's limit.
@Suite struct SharedPublishBudgetTests {
    static let rules: [Network: (account: PublishBudget.Rule, network: PublishBudget.Rule?)] = [
        .x: (PublishBudget.Rule(capacity: 3, window: 15 * 60), PublishBudget.Rule(capacity: 5, window: 86_400)),
    ]

    @Test func twoDaemons_togetherSpendOneAccountsBudget_andThenWaitForItsRefill() async throws {
        try await Self.withTwoDaemons { budgets in
            let now = Date()
            var waits: [Date?] = []
            for turn in 0..<4 { waits.append(await budgets[turn % 2].reserve(accountID: 1, network: .x, now: now)) }
            #expect(waits.prefix(3).allSatisfy { $0 == nil }, "three posts fit the account's budget, whichever daemon sends them")
            let wait = try #require(waits[3], "the fourth waits, though its daemon sent only two")
            #expect(abs(wait.timeIntervalSince(now) - 300) < 5, "one post's refill: 15 minutes / 3 (\(wait.timeIntervalSince(now)) s)")

            // A refund goes with its daemon's next reserve, or on its own within the correction delay.
            await budgets[0].refund(accountID: 1, network: .x)
            let deadline = Date().addingTimeInterval(10)
            var spent = false
            while !spent, Date() < deadline { spent = await budgets[1].reserve(accountID: 1, network: .x, now: now) == nil }
            #expect(spent, "a refund at one daemon is spent at the other within 10 s")
            #expect(await budgets[1].reserve(accountID: 2, network: .x, now: now) == nil, "another account has its own budget")
            #expect(await budgets[0].reserve(accountID: 3, network: .x, now: now) == nil, "the app's fifth post")
            #expect(await budgets[0].reserve(accountID: 4, network: .x, now: now) != nil, "the app's budget (5) is spent across accounts")
        }
    }

    /// Reserves at several daemons at the same moment each see the others' tokens taken: none spends a token another
    /// spent (each reserve holds its buckets' rows locked from its read to its write).
    @Test func reservesAtTwoDaemonsAtOnce_spendEachTokenOnce() async throws {
        try await Self.withTwoDaemons { budgets in
            let now = Date()
            let oneAccount = await Self.allowedCount(budgets, accounts: Array(repeating: 7, count: 12), now: now)
            #expect(oneAccount == 3, "twelve posts of one account at once, from two daemons: its budget of 3 goes (\(oneAccount) went)")
            let manyAccounts = await Self.allowedCount(budgets, accounts: Array(20..<30), now: now)
            #expect(manyAccounts == 2, "ten accounts' posts at once: the app's budget of 5 had 2 left (\(manyAccounts) went)")
        }
    }

    /// Reserves one post for each of `accounts`, all at once, alternating between the daemons; how many may go now.
    private static func allowedCount(_ budgets: [SharedPublishBudget], accounts: [Int64], now: Date) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for (index, account) in accounts.enumerated() {
                group.addTask { await budgets[index % budgets.count].reserve(accountID: account, network: .x, now: now) == nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test func oneReserve_forAWholeClaim_takesForEachPostInTurn() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database) { store in
            let budget = SharedPublishBudget(store: store, rules: Self.rules)
            let now = Date()
            let posts = [1, 1, 2, 1, 2, 3].map { BudgetedPost(accountID: $0, network: .x) } + [BudgetedPost(accountID: 9, network: .linkedin)]
            let waits = await budget.reserve(posts, now: now)
            #expect(waits.count == posts.count, "one answer for each post")
            #expect(waits[0] == nil && waits[1] == nil && waits[2] == nil && waits[4] == nil, "the account's three and the app's first five go")
            #expect(waits[3] == nil, "account 1's third post fits its budget of 3")
            let held = try #require(waits[5], "the app's sixth post waits: its budget of 5 is spent within the one reserve")
            #expect(held > now, "it waits for the app's refill")
            #expect(waits[6] == nil, "a network without a budget rule is not held")
            #expect(await budget.reserve(accountID: 2, network: .x, now: now) != nil, "what the one reserve took is stored")
        }
    }

    @Test func aNetworksAnswer_isWrittenWithoutAReserve_withinTheCorrectionDelay() async throws {
        try await Self.withTwoDaemons { budgets in
            let now = Date()
            let reset = now.addingTimeInterval(600)
            await budgets[0].observe(RateLimitHint(scope: .account, remaining: 0, resetAt: reset), accountID: 5, network: .x, now: now)
            // The first daemon reserves nothing more: its correction is written on its own, and the second sees it.
            let deadline = Date().addingTimeInterval(10)
            var wait: Date?
            while wait == nil, Date() < deadline {
                wait = await budgets[1].reserve(accountID: 5, network: .x, now: now)
                if wait == nil { await budgets[1].refund(accountID: 5, network: .x); await budgets[1].writeCorrections() }
            }
            let blocked = try #require(wait, "the network's answer at one daemon reached the other within 10 s")
            #expect(abs(blocked.timeIntervalSince(reset)) < 1, "the account waits for the network's reset (\(blocked) against \(reset))")
        }
    }

    /// Two daemons' budgets on one fresh database, as two daemons sharing it have them.
    private static func withTwoDaemons(_ body: ([SharedPublishBudget]) async throws -> Void) async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database) { first in
            try await withPostgresStore(on: database) { second in
                try await body([SharedPublishBudget(store: first, rules: rules), SharedPublishBudget(store: second, rules: rules)])
            }
        }
    }
}
