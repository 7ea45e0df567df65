import Foundation
import PostgresTestCluster
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

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
