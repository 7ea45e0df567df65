import Foundation
import Logging
@testable import SchedulerDomain
@testable import SchedulerStores
import ServiceLifecycle
import PostgresTestCluster
import Testing
@testable import Scheduler

/// A PostgreSQL store stops whatever its connections are doing: when the pool closes a connection in the middle of a
/// transaction (it closes leased ones too when it shuts down), the transaction ends with an error instead of waiting
/// for good.
@Suite struct PostgresStoreStopTests {
    @Test func aStatementOnAConnectionThatClosed_failsAtOnce() async throws {
        try await withPostgresStore(register: false) { (store: PostgresStore) async throws in
            let ended = await Self.outcome(within: .seconds(10)) {
                try await store.write { session in
                    try await session.connection.close()
                    try await session.execute("SELECT 1")
                }
            }
            #expect(ended == "the connection to PostgreSQL closed")
            #expect(try await store.nextDueTime() == nil, "the store goes on with its other connections")
        }
    }

    @Test func aTransactionWhoseConnectionClosedUnderIt_endsWithItsError() async throws {
        try await withPostgresStore(register: false) { (store: PostgresStore) async throws in
            let ended = await Self.outcome(within: .seconds(10)) {
                try await store.write { session in
                    try await session.connection.close()
                    throw StoreError(.cannotOpen, "the body failed")
                }
            }
            #expect(ended == "the body failed", "no ROLLBACK waited for on the closed connection")
            #expect(try await store.nextDueTime() == nil, "the store goes on with its other connections")
        }
    }

    /// As `schedulerd` stops it: its service group's graceful shutdown. The store records the stop (so `status` no
    /// longer lists the daemon and no one waits out its lease), and `run()` ends: a daemon whose store never stops
    /// never exits.
    @Test func aGracefulShutdown_recordsTheStopAndEnds() async throws {
        let (cluster, database, store, group, running) = try await Self.registeredStoreInItsServiceGroup()
        #expect(try await store.liveDaemons().count == 1)
        await group.triggerGracefulShutdown()
        let ended = await Self.outcome(within: .seconds(20)) { try await running.value }
        #expect(ended == "no error", "run() ends after a graceful shutdown")
        #expect(try await Self.stopsRecorded(cluster, database) == "1", "the stop is recorded in the database")
    }

    /// A database that does not answer at the stop (here: another transaction holds this daemon's row) does not keep
    /// the daemon from exiting: the stop is given up after a few seconds and the lease runs out instead.
    @Test func aStopTheDatabaseCannotRecord_stillEnds() async throws {
        let (cluster, database, store, group, running) = try await Self.registeredStoreInItsServiceGroup()
        let (locked, reportLocked) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await store.write { session in
                try await session.execute("SELECT id FROM daemon FOR UPDATE")
                reportLocked.yield()
                try await session.execute("SELECT pg_sleep(60)")
            }
        }
        await locked.first { _ in true }
        await group.triggerGracefulShutdown()
        let ended = await Self.outcome(within: .seconds(30)) { try await running.value }
        #expect(ended == "no error", "run() ends although the stop could not be recorded")
        holder.cancel()
        #expect(try await Self.stopsRecorded(cluster, database) == "0")
    }

    /// A registered store on a database of its own, run by a service group as `schedulerd` runs it.
    private static func registeredStoreInItsServiceGroup() async throws
        -> (PostgresCluster, PostgresTestDatabase, PostgresStore, ServiceGroup, Task<Void, any Error>) {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase()
        let store = try await makePostgresStore(on: database)
        let group = ServiceGroup(services: [store], gracefulShutdownSignals: [], cancellationSignals: [], logger: Logger(label: "stop-test"))
        let running = Task { try await group.run() }
        _ = try await store.prepare()
        try await store.register()
        return (cluster, database, store, group, running)
    }

    /// How many daemons the database says stopped, as psql prints it.
    private static func stopsRecorded(_ cluster: PostgresCluster, _ database: PostgresTestDatabase) async throws -> String {
        try await cluster.psql("SELECT count(*) FROM daemon WHERE stopped_at IS NOT NULL", database: database.name)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How `operation` ended (a StoreError's message, "no error", or another error), or nil when it had not ended
    /// within `limit`. It runs apart, so one that never ends fails the test rather than hanging the test run.
    private static func outcome(within limit: Duration, _ operation: @escaping @Sendable () async throws -> Void) async -> String? {
        let (outcome, report) = AsyncStream.makeStream(of: String.self)
        Task {
            do {
                try await operation()
                report.yield("no error")
            } catch let error as StoreError {
                report.yield(error.message)
            } catch {
                report.yield("\(error)")
            }
        }
        return await withTaskGroup(of: String?.self) { group in
            group.addTask { await outcome.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
