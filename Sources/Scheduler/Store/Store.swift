import Foundation
import GRDB

/// The one place schedulerd's state lives: a SQLite file in WAL mode, so nothing the engine
/// needs exists only in memory. Every method is one transaction.
public final class Store: Sendable {
    let writer: any DatabaseWriter

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// Opens (or creates, mode 0600) the database at `path`, refusing a file that is not a schedulerd database.
    public static func open(path: String) throws(StoreError) -> Store {
        try createPrivately(path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Deleted credentials are overwritten, not left in free pages.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.read { db in _ = try Row.fetchOne(db, sql: "PRAGMA quick_check") }
            return try Store(writer: pool)
        } catch let error as DatabaseError {
            throw StoreError(.corrupt, "\(path) cannot be used as the schedulerd database: \(error.message ?? "\(error.resultCode)"). "
                + "Move it aside and restore a backup; schedulerd does not reset it by itself.")
        } catch {
            throw StoreError(.corrupt, "\(path) cannot be opened: \(error)")
        }
    }

    /// An in-memory database for unit tests.
    public static func inMemory() throws -> Store {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        return try Store(writer: DatabaseQueue(configuration: configuration))
    }

    /// Creates the file with mode 0600 before SQLite does, so it is never readable by others, even briefly.
    private static func createPrivately(_ path: String) throws(StoreError) {
        let fd = Foundation.open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError(.cannotOpen, "cannot create or open \(path): \(String(cString: strerror(errno)))")
        }
        fchmod(fd, 0o600)
        close(fd)
    }
}
