import Foundation
import PostgresTestCluster
import SchedulerCore
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Across daemons, one sends the hooks (in order, once); when it dies, another takes over.
@Suite struct SharedHookSenderTests {
    @Test func oneDaemonSendsTheHooks_andAnotherTakesOverWhenItsLeaseRunsOut() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let lease = 3.0
        try await withPostgresStore(on: database, lease: lease) { survivor in
            try await survivor.noteAPIVersionWarnings([(network: .x, message: "an event for the hooks")], now: Date())
            try await withPostgresStore(on: database, lease: lease) { (sender: PostgresStore) async throws in
                #expect(try await sender.pendingHookEvents(limit: 10).count == 1, "the first to ask sends")
                #expect(try await survivor.pendingHookEvents(limit: 10).isEmpty, "the other sends nothing meanwhile")
                #expect(try await sender.pendingHookEvents(limit: 10).count == 1, "the sender keeps its role")
            }
            // The sender is gone (its lease runs out): the survivor's renewal notices, and it takes the role.
            await waitUntil(timeout: .seconds(15)) { (try? await survivor.pendingHookEvents(limit: 10).count) == 1 }
        }
    }
}
