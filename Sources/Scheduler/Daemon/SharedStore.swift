import Foundation
import Logging
import SchedulerCore
import SchedulerDomain
import SchedulerServices
import SchedulerStores

/// Opening the shared PostgreSQL store: its password, this daemon's identity, the schema, and the first lease.
extension Daemon {
    /// The store `[store] url` names, not yet running (its pool lives in its service).
    package func makePostgresStore(_ location: PostgresLocation, wake: WakeSignal) throws -> PostgresStore {
        let settings = configuration.store
        var password: String?
        let credential = environment["CREDENTIALS_DIRECTORY"].map { ($0 as NSString).appendingPathComponent("postgres-password") }
        if settings.passwordFile != nil || credential.map(FileManager.default.fileExists(atPath:)) == true {
            password = try SecretFile.read(settings.passwordFile, credentialName: "postgres-password", environment: environment,
                                           what: "store.password_file")
        }
        let identity = PostgresStore.Identity(host: ProcessInfo.processInfo.hostName, stateDirectory: configuration.stateDirectory,
                                              version: Self.version, socketPath: configuration.resolvedSocketPath)
        do {
            return try PostgresStore(location: location, password: password, identity: identity, wake: wake,
                                     settings: PostgresStore.Settings(leaseSeconds: Double(settings.leaseSeconds)), logger: logger)
        } catch {
            throw ConfigurationError("store.url: \(error.message)")
        }
    }

    /// Migrates (once across daemons starting together), then registers this daemon with its first lease.
    package func prepare(_ store: PostgresStore) async throws {
        try await checkConnection(store)
        let schema = try await store.prepare()
        logger.notice("shared store ready", metadata: [
            "store.url": "\(store.location)", "postgres.version": "\(schema.serverVersion)",
            "migrations.applied_now": "\(schema.appliedNow.isEmpty ? "none" : schema.appliedNow.joined(separator: ", "))",
        ])
        try await store.register()
    }
}

extension Daemon {
    /// The connection probe: what the configuration must change is a configuration error (exit 78); a server that
    /// cannot be reached is a store that cannot be used (74), as the exit-code table in docs/using-schedctl.md has them.
    private func checkConnection(_ store: PostgresStore) async throws {
        do throws(StoreError) {
            try await store.checkConnection(timeout: configuration.store.connectTimeoutSeconds)
        } catch where error.code == .invalid {
            throw ConfigurationError(error.message)
        }
    }

    /// For `--check-config`: connects to the shared store and says what it found, changing nothing (no migration,
    /// no registration). Empty for SQLite, which is opened at start.
    package func describeStore() async throws -> [String] {
        guard let location = configuration.store.postgres else {
            return ["store:     SQLite, \(configuration.databasePath)"]
        }
        let store = try makePostgresStore(location, wake: WakeSignal())
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.client.run() }
            defer { group.cancelAll() }
            try await checkConnection(store)
            let schema = try await store.prepare(migrate: false)
            let known = PostgresSchema.migrations.map(\.id)
            let missing = known.filter { !schema.applied.contains($0) }
            let state = schema.applied.isEmpty ? "empty: the first daemon to start creates the schema"
                : missing.isEmpty ? "up to date (\(Counted.of(schema.applied.count, "migration")))"
                : "\(Counted.of(missing.count, "migration")) to apply at the next start: \(missing.joined(separator: ", "))"
            return [
                "store:     PostgreSQL \(schema.serverVersion) at \(location)",
                "schema:    \(state)",
                "lease:     \(configuration.store.leaseSeconds)s, re-read every \(configuration.store.rereadSeconds)s",
            ]
        }
    }
}
