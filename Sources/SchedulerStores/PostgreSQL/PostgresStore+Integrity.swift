import Foundation
import PostgresNIO
import SchedulerDomain

extension PostgresStore: StoreIntegrityChecking {
    /// The server checks its own pages (and `pg_amcheck` checks deeper); what the daemon can check is that the
    /// database answers and carries the schema version it migrated.
    package func checkIntegrity() async throws -> StoreIntegrity {
        let applied = try await read { session in
            try await session.rows("SELECT id FROM schedulerd_migration").map { try $0["id"] as String }
        }
        let what = "PostgreSQL \(location) answers"
        let missing = PostgresSchema.migrations.map(\.id).filter { !applied.contains($0) }
        guard missing.isEmpty else {
            return StoreIntegrity(what: what, problem: "migrations \(missing.joined(separator: ", ")) are missing from schedulerd_migration")
        }
        return StoreIntegrity(what: what + " with all \(applied.count) migrations applied; for a page-level check run pg_amcheck on the server")
    }

    /// The server keeps its own disk and locks; its answering the integrity check is what can be told from here.
    package func checkWritable() async -> StoreWritability {
        StoreWritability(what: "PostgreSQL at \(location) keeps its own disk; its free space is the server's to watch")
    }
}
