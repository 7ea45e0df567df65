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

/// Daemons sharing a database renew an account's token once: the second waits on the row lock, then finds it renewed.
@Suite struct SharedTokenRenewalTests {
    @Test func twoDaemonsRenewingOneAccountAtOnce_renewItOnce_andBothUseTheNewToken() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        try await withPostgresStore(on: database) { first in
            try await withPostgresStore(on: database) { second in
                let account = try await first.addAccount("runner")
                let old = try #require(try await first.sealedCredentials(accountID: account.id))
                let results = try await withThrowingTaskGroup(of: (renewed: Bool, blob: [UInt8]).self) { group in
                    for (index, store) in [first, second].enumerated() {
                        group.addTask {
                            try await store.renewingCredentials(accountID: account.id, now: Date()) { stored in
                                guard stored == old else { return (nil, (false, stored ?? [])) }
                                // The network takes a moment to answer a refresh: the other daemon arrives meanwhile.
                                try await Task.sleep(for: .milliseconds(300))
                                let new = Array("renewed-by-\(index)".utf8)
                                return (RenewedCredentials(sealed: new, grant: CredentialGrant(refreshable: true)), (true, new))
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(results.filter(\.renewed).count == 1, "one renewal for two daemons")
                #expect(Set(results.map(\.blob)).count == 1, "both use the token the renewal stored")
                #expect(try await second.sealedCredentials(accountID: account.id) == results[0].blob)
            }
        }
    }
}
