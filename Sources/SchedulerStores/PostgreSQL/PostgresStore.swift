import Foundation
import Logging
import PostgresNIO
import SchedulerDomain
import ServiceLifecycle
import Synchronization

/// schedulerd's state shared by several daemons on several machines: one PostgreSQL database.
///
/// Every method is one transaction on a pooled connection. Claims belong to the daemon that made them and carry
/// a lease the daemon renews (``keepRenewingLease()``); decisions about time use the database's clock, so daemons
/// whose clocks drift still agree on what is due and whose lease ran out. Changes to due times send `NOTIFY` in
/// their transaction and every daemon `LISTEN`s (``keepListening()``), with the engine's re-read as a backstop.
///
/// Run it as a service (``run()``) before calling ``prepare()`` and anything else: the pool lives in it.
package final class PostgresStore: Service, Sendable {
    package static let dueChannel = "schedulerd_due"
    package static let eventsChannel = "schedulerd_events"

    package struct Settings: Sendable {
        /// How long a claim stays this daemon's without a renewal; renewed every third of it.
        package var leaseSeconds: Double
        /// This machine's clock, measured against the database's at each renewal (replaced only by tests of drift).
        package var localClock: @Sendable () -> Date
        /// The pool's size (the listener has a connection of its own besides).
        package var maximumConnections: Int

        package init(leaseSeconds: Double = 15, localClock: @escaping @Sendable () -> Date = Date.init, maximumConnections: Int = 16) {
            self.leaseSeconds = leaseSeconds
            self.localClock = localClock
            self.maximumConnections = maximumConnections
        }
    }

    /// Who this daemon is, in the `daemon` table and on every claim it makes.
    package struct Identity: Sendable {
        /// Unique per start: a restarted daemon is a new one, and takes its predecessor's claims as a crash's.
        package var id: String
        package var host: String
        package var stateDirectory: String
        package var pid: Int32
        package var version: String
        package var socketPath: String

        package init(host: String, stateDirectory: String, version: String, socketPath: String) {
            self.id = UUID().uuidString.lowercased()
            self.host = host
            self.stateDirectory = stateDirectory
            self.pid = getpid()
            self.version = version
            self.socketPath = socketPath
        }
    }

    package let client: PostgresClient
    package let listenerConfiguration: PostgresConnection.Configuration
    package let location: PostgresLocation
    package let identity: Identity
    package let settings: Settings
    package let logger: Logger
    /// Fires after every transaction that stored an event here, and when another daemon's does (NOTIFY).
    package let eventsCommitted = WakeSignal()
    /// The engine's wake-up: due times changed here or at another daemon.
    package let dueTimesChanged: WakeSignal
    package let clock = Mutex(DatabaseClock())
    /// When `claimDue` last marked what is past its lateness limit, and whether its last claim took all it could.
    package let missedSweep = Mutex(MissedSweep())
    /// Published deliveries' writes, a batch to a statement (see ``CoalescedWrites``).
    package let publishedOutcomes = CoalescedWrites<PublishedRow>()

    package init(location: PostgresLocation, password: String?, identity: Identity, wake: WakeSignal, settings: Settings = Settings(),
                logger: Logger) throws(StoreError) {
        var configuration = try location.clientConfiguration(password: password)
        configuration.options.maximumConnections = settings.maximumConnections
        configuration.options.connectTimeout = .seconds(10)
        self.client = PostgresClient(configuration: configuration, backgroundLogger: Self.quiet(logger))
        self.listenerConfiguration = try location.connectionConfiguration(password: password)
        self.location = location
        self.identity = identity
        self.settings = settings
        self.dueTimesChanged = wake
        var logger = logger
        logger[metadataKey: "component"] = "postgres"
        self.logger = logger
    }

    /// Connects once and disconnects, within `timeout` seconds: a database that cannot be reached, or refuses this
    /// configuration, is said at once with its cause (see ``PostgresConnectProbe``) instead of the pool waiting for ever.
    package func checkConnection(timeout: Int) async throws(StoreError) {
        try await PostgresConnectProbe.check(listenerConfiguration, location: location, timeout: timeout, logger: Self.quiet(logger))
    }

    /// postgres-nio logs every query at debug and connection trouble at its own levels; the store says what matters itself.
    private static func quiet(_ logger: Logger) -> Logger {
        var quiet = logger
        quiet.logLevel = .critical
        return quiet
    }

    package var queryLogger: Logger { Self.quiet(logger) }

    /// Runs the pool, the lease renewal and the listener until shutdown; then says this daemon stopped, so
    /// `status` does not list it and no other daemon waits out its lease, and only then closes the pool.
    ///
    /// The pool (`PostgresClient`) ends at the first sign of a graceful shutdown that reaches it, and every task
    /// under this one, even a nested service group, would pass that sign on. So it runs in a detached task, which
    /// does not inherit it, and is stopped by cancelling that task once the stop is recorded. Closing the pool also
    /// ends any statement still waiting on the database (a renewal blocked on a lock, say), so the renewal and the
    /// listener are awaited only after it.
    package func run() async throws {
        let pool = Task.detached { await self.client.run() }
        await withTaskGroup(of: Void.self) { upkeep in
            upkeep.addTask { await self.keepRenewingLease() }
            upkeep.addTask { await self.keepListening() }
            let stopping: Void? = try? await gracefulShutdown()
            upkeep.cancelAll()
            // Cancelled instead (the daemon failed): nothing more is sent to the database.
            if stopping != nil { await sayStopped() }
            pool.cancel()
        }
        await pool.value
    }

    /// Reads in one transaction (a consistent snapshot across its statements).
    package func read<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await transaction(body)
    }

    package func write<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await transaction(body)
    }

    /// One statement on a pooled connection, outside BEGIN … COMMIT: PostgreSQL runs a lone statement in a
    /// transaction of its own, all or nothing, and the engine's statements that change several tables at once
    /// (data-modifying `WITH`) save the two round trips and two statements a transaction costs. `body` makes one
    /// statement, or statements each of which stands on its own.
    package func statement<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await onConnection(body)
    }

    /// BEGIN … COMMIT on a pooled connection; ROLLBACK and the body's own error when it throws, so a
    /// `StoreError` reaches the caller as it was thrown.
    private func transaction<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await onConnection { session in
            try await session.execute("BEGIN")
            do {
                let result = try await body(session)
                try await session.execute("COMMIT")
                return result
            } catch {
                // A connection that was lost took its transaction with it: nothing to roll back.
                if !Self.lostConnection(error) { try? await session.execute("ROLLBACK") }
                throw error
            }
        }
    }

    /// Runs `body` on a pooled connection. Server errors become `StoreError`s saying what failed.
    private func onConnection<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        do {
            return try await client.withConnection { connection in
                try await body(PostgresSession(connection: connection, logger: queryLogger))
            }
        } catch let error as StoreError {
            throw error
        } catch let error as PSQLError {
            throw Self.storeError(error, location: location)
        }
    }

    package static func lostConnection(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        return [.clientClosedConnection, .serverClosedConnection, .connectionError, .uncleanShutdown].contains(error.code)
    }

    /// A PostgreSQL error as a person can act on it: the server's own message when there is one (it names the
    /// object and the problem, never a password), else what went wrong with the connection.
    package static func storeError(_ error: PSQLError, location: PostgresLocation) -> StoreError {
        if let message = error.serverInfo?[.message] {
            let code = error.serverInfo?[.sqlState] ?? ""
            let conflict = code.hasPrefix("23") || code == "40001" || code == "40P01"
            return StoreError(conflict ? .conflict : .cannotOpen, "PostgreSQL at \(location) said: \(message) (SQLSTATE \(code))")
        }
        let what: String = switch error.code {
        case .connectionError: "cannot connect"
        case .serverClosedConnection, .uncleanShutdown: "the server closed the connection"
        case .authMechanismRequiresPassword: "the server asks for a password: set [store] password_file or the credential postgres-password"
        case .sslUnsupported: "the server does not offer TLS, which sslmode asks for"
        case .poolClosed, .clientClosedConnection: "the connection pool is closed (schedulerd is stopping)"
        default: "\(error.code)"
        }
        let underlying = error.underlying.map { ": \($0)" } ?? ""
        return StoreError(.cannotOpen, "PostgreSQL at \(location): \(what)\(underlying)")
    }
}

/// This machine's clock against the database's: times the engine passes in are moved onto the database's clock,
/// and due times read back are moved onto this machine's, so drift between daemons does not shift anything.
package struct DatabaseClock: Sendable {
    /// Database time minus local time, in milliseconds.
    package var offsetMilliseconds: Int64 = 0
    /// When this daemon last renewed its lease (this machine's monotonic clock), nil before the first renewal.
    package var lastRenewal: ContinuousClock.Instant?
}

extension PostgresStore {
    /// A local instant as database milliseconds.
    package func databaseMilliseconds(_ local: Date) -> Int64 {
        local.unixMilliseconds + clock.withLock { $0.offsetMilliseconds }
    }

    /// Database milliseconds as a local instant.
    package func localDate(_ milliseconds: Int64) -> Date {
        Date(unixMilliseconds: milliseconds - clock.withLock { $0.offsetMilliseconds })
    }
}
