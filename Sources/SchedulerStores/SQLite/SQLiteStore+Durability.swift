import GRDB

extension SQLiteStore {
    /// Runs `body` in one transaction whose commit is on disk when this returns.
    ///
    /// The database runs in WAL mode with `synchronous = NORMAL`: a commit is safe from a crash of the
    /// process, but a power loss can roll back the last few. For most writes that is harmless (a lost
    /// outcome leaves the claim `publishing`, and it is looked up). For a claim it is not: a claim rolled
    /// back after its request went out would come back `scheduled` and be sent blind. So the claim's
    /// transaction is committed with `synchronous = FULL` (the WAL is fsynced at commit), one fsync per
    /// batch of claims; `make bench` measures what that costs.
    package func writeDurably<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        let durable = durableClaims
        return try await writer.writeWithoutTransaction { db in
            if durable { try db.execute(sql: "PRAGMA synchronous = FULL") }
            defer { if durable { try? db.execute(sql: "PRAGMA synchronous = NORMAL") } }
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }
}
