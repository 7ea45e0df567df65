import Foundation
import PostgresTestCluster
import SchedulerCore
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// The stores a store suite runs on: each test takes a backend as its argument and runs once per store, on a
/// fresh, empty one (an in-memory SQLite database, or a new database of the throwaway PostgreSQL test cluster).
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// Runs `body` on a new, empty store of this kind.
    ///
    /// The PostgreSQL store is not registered as a daemon: registering measures the offset to the database's clock
    /// (±1 ms), and these tests pass fixed instants (``referenceNow``) and compare exact milliseconds; unregistered,
    /// the offset is 0 and `now` is used as given. Its lease is a day, so no renewal measures the offset meanwhile.
    func withStore<T: Sendable>(_ body: (any StoreInspection) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            return try await body(SQLiteStore.inMemory())
        case .postgres:
            return try await withPostgresStore(lease: 86_400, register: false) { store in try await body(store) }
        }
    }

    /// Runs `body` with `count` daemons started one after another on one new store, for what a daemon does with its
    /// predecessor's claims (``DeliveryStore/returnClaimsForChecking(_:now:lookUpAt:reason:)`` with nil ids).
    ///
    /// On SQLite one daemon has the file, so every claim in it is the current daemon's or a predecessor's: the
    /// daemons are one store, `count` times. On PostgreSQL they are `count` stores on one database with one host and
    /// state directory, each with its `daemon` row (but no measured clock offset, as in ``withStore(_:)``), all open
    /// for the body's duration: a later one takes the claims of an earlier one as a restart takes its predecessor's.
    func withSuccessiveDaemons<T: Sendable>(_ count: Int, _ body: ([any StoreInspection]) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let store = try SQLiteStore.inMemory()
            return try await body(Array(repeating: store, count: count))
        case .postgres:
            let database = try await PostgresCluster.shared().createDatabase()
            let stateDirectory = "/state/\(UUID().uuidString)"
            func start(after earlier: [any StoreInspection]) async throws -> T {
                if earlier.count == count { return try await body(earlier) }
                return try await withPostgresStore(on: database, stateDirectory: stateDirectory, lease: 86_400, register: false) { store in
                    try await store.recordDaemonRowOnly()
                    return try await start(after: earlier + [store])
                }
            }
            return try await start(after: [])
        }
    }
}

extension PostgresStore {
    /// Writes this daemon's row in the `daemon` table as ``register()`` does, without measuring the offset to the
    /// database's clock (it stays 0, so fixed test instants are stored as given): enough for a later daemon on the same
    /// host and state directory to find the claims it made.
    func recordDaemonRowOnly() async throws {
        let me = identity
        try await write { session in
            try await session.execute("""
                INSERT INTO daemon (id, host, state_dir, pid, version, socket, started_at, heartbeat_at, lease_until)
                VALUES (\(me.id), \(me.host), \(me.stateDirectory), \(Int64(me.pid)), \(me.version), \(me.socketPath),
                        schedulerd_now_ms(), schedulerd_now_ms(), schedulerd_now_ms() + 86400000)
                """)
        }
    }
}
