import Foundation
import PostgresNIO
import SchedulerDomain

/// What `--check-config` and the start-up log say about the database.
package struct PostgresSchemaState: Sendable, Equatable {
    package var serverVersion: String
    /// Migrations found applied before this start.
    package var applied: [String]
    /// Migrations this start applied.
    package var appliedNow: [String]
}

extension PostgresStore {
    /// Connects, checks the database is schedulerd's (or empty), and applies the missing migrations in one
    /// transaction under an advisory lock: daemons starting together migrate once, the others wait and find
    /// it done. A database migrated by a newer schedulerd, or holding another program's tables, is refused
    /// untouched. `migrate: false` only reports (`--check-config`).
    package func prepare(migrate: Bool = true) async throws -> PostgresSchemaState {
        try await write { session in try await prepare(migrate: migrate, session) }
    }

    /// ``prepare(migrate:)`` inside the caller's transaction: `store copy` migrates and fills an empty database in
    /// one transaction, so a copy that fails leaves it as it was, schema included.
    package func prepare(migrate: Bool, _ session: PostgresSession) async throws -> PostgresSchemaState {
        let version = try await session.value("SHOW server_version", as: String.self) ?? "unknown"
        try await session.execute("SELECT pg_advisory_xact_lock(\(PostgresSchema.migrationLock))")
        let hasLedger = try await session.value("SELECT to_regclass('schedulerd_migration') IS NOT NULL", as: Bool.self) ?? false
        var applied: [String] = []
        if hasLedger {
            applied = try await session.rows("SELECT id FROM schedulerd_migration ORDER BY id").map { try $0["id"] as String }
        } else {
            let tables = try await session.value("""
                SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()
                """, as: Int64.self) ?? 0
            if tables > 0 {
                throw StoreError(.corrupt, "the database \(location.database) at \(location) holds tables but none of schedulerd's "
                                 + "migrations: it is another program's. Point [store] url at an empty database made for schedulerd; "
                                 + "schedulerd does not change another program's database.")
            }
        }
        let known = Set(PostgresSchema.migrations.map(\.id))
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw StoreError(.corrupt, "the database at \(location) was migrated by a newer schedulerd (it has migration '\(unknown)', "
                             + "which this version \(identity.version) does not know). Run the newer schedulerd on every machine; "
                             + "schedulerd does not downgrade it.")
        }
        let missing = PostgresSchema.migrations.filter { !applied.contains($0.id) }
        guard migrate else { return PostgresSchemaState(serverVersion: version, applied: applied, appliedNow: []) }
        if !hasLedger {
            try await session.execute("CREATE TABLE schedulerd_migration (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)")
        }
        for migration in missing {
            // One statement per request: the extended protocol runs one at a time.
            for statement in PostgresSchema.statements(migration.sql) {
                try await session.execute(PostgresQuery(unsafeSQL: statement))
            }
            try await session.execute("""
                INSERT INTO schedulerd_migration (id, applied_at) VALUES (\(migration.id), \(Date().unixMilliseconds))
                """)
        }
        try await Self.fillMissingTextKeys(session)
        return PostgresSchemaState(serverVersion: version, applied: applied, appliedNow: missing.map(\.id))
    }
}
