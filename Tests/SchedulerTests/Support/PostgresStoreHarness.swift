import Foundation
import Logging
import PostgresTestCluster
@testable import Scheduler
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores

/// A ``PostgresStore`` on a database of the test cluster, running (pool, lease, listener) for the body's duration,
/// migrated and registered as a daemon, as `schedulerd` starts one.
///
/// `register: false` leaves it unregistered: no `daemon` row and no measured offset to the database's clock, so
/// the instants a test passes in are stored exactly as given (registering measures the offset, ±1 ms, which moves
/// them). Its lease renewal still runs every third of `lease` and measures the offset then: give such a store a
/// lease longer than the test.
func withPostgresStore<T: Sendable>(on database: PostgresTestDatabase? = nil, stateDirectory: String = "/state/\(UUID().uuidString)",
                                    lease: Double = 15, wake: WakeSignal = WakeSignal(),
                                    localClock: @escaping @Sendable () -> Date = Date.init, register: Bool = true,
                                    _ body: (PostgresStore) async throws -> T) async throws -> T {
    let store = try await makePostgresStore(on: database, stateDirectory: stateDirectory, lease: lease, wake: wake, localClock: localClock)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await store.run() }
        defer { group.cancelAll() }
        _ = try await store.prepare()
        if register { try await store.register() }
        return try await body(store)
    }
}

/// A store not yet running, for tests of what happens before and during `prepare`.
func makePostgresStore(on database: PostgresTestDatabase? = nil, stateDirectory: String = "/state/\(UUID().uuidString)",
                       lease: Double = 15, wake: WakeSignal = WakeSignal(),
                       localClock: @escaping @Sendable () -> Date = Date.init) async throws -> PostgresStore {
    let cluster = try await PostgresCluster.shared()
    let target: PostgresTestDatabase = if let database { database } else { try await cluster.createDatabase() }
    let password = try String(contentsOfFile: target.passwordFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    var logger = Logger(label: "postgres-store-test")
    logger.logLevel = .critical
    return try PostgresStore(location: PostgresLocation(url: target.url), password: password,
                             identity: PostgresStore.Identity(host: "test-host", stateDirectory: stateDirectory, version: "test",
                                                              socketPath: "/dev/null"),
                             // Small pools: every suite runs on both backends at once, against one server.
                             wake: wake, settings: PostgresStore.Settings(leaseSeconds: lease, localClock: localClock, maximumConnections: 4),
                             logger: logger)
}
