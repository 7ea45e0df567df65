import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain
import Synchronization

/// schedulerd's state for one daemon: a SQLite file in WAL mode, so nothing the engine
/// needs exists only in memory. Every method is one transaction.
package final class SQLiteStore: Sendable {
    package let writer: any DatabaseWriter
    /// Fires after every transaction that stored an event, so the event bus never polls.
    package let eventsCommitted = WakeSignal()
    /// Claims are fsynced at commit (see ``writeDurably(_:)``). Off only to measure what that costs (`make bench`).
    package let durableClaims: Bool
    /// The engine's outcome writes, committed in batches under load (see ``GroupCommit``).
    package let outcomes: GroupCommit
    /// When `claimDue` last marked what is past its lateness limit, and whether its last claim took all it could.
    package let missedSweep = Mutex(MissedSweep())
    /// The database file; nil in memory. Failures name it (``failure(of:)``).
    package let path: String?

    package init(writer: any DatabaseWriter, path: String? = nil, durableClaims: Bool = true) throws {
        self.writer = writer
        self.path = path
        self.outcomes = GroupCommit(writer: writer)
        self.durableClaims = durableClaims
        try Self.migrator.migrate(writer)
    }

    /// Opens (or creates, mode 0600) the database at `path`, refusing a file that is not a schedulerd database.
    ///
    /// Nothing is written before the file has been inspected: a damaged file, another program's database or
    /// one written by a newer schedulerd is refused with an error saying what to do, and left byte for byte as
    /// it was. schedulerd never resets, replaces or re-creates a database it cannot use.
    ///
    /// `durableClaims: false` is for `make bench` only, which measures what durable claims cost.
    package static func open(path: String, durableClaims: Bool = true) throws(StoreError) -> SQLiteStore {
        _ = SQLiteLibrary.configured
        try createPrivately(path)
        try inspect(path)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Deleted credentials are overwritten, not left in free pages.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            // Statement journals in memory: a delivery insert fires the triggers that keep the counts, so each keeps a
            // journal of the pages it changes, and past 64 KiB SQLite wrote it to a temporary file (an import of
            // 100,000 rows wrote 700 MB there for a 33 MB change). Temporary tables and sorts stay small here.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            return try SQLiteStore(writer: pool, path: path, durableClaims: durableClaims)
        } catch let error as DatabaseError {
            throw StoreError(.corrupt, "\(path) cannot be used as the schedulerd database: \(error.message ?? "\(error.resultCode)"). "
                + Self.restoreAdvice(path))
        } catch {
            throw StoreError(.corrupt, "\(path) cannot be opened: \(String(describing: error).asClause). " + Self.restoreAdvice(path))
        }
    }

    package static func restoreAdvice(_ path: String) -> String {
        "Stop here: move the file aside and restore it from a backup (or try `sqlite3 \(path) .recover`); "
            + "schedulerd never resets or replaces its database by itself."
    }

    /// Databases up to this size get SQLite's `quick_check` at every start (about 0.1 s at this size on a small machine,
    /// 0.3 s for a million pending posts); larger ones get it for ``tablesCheckedAtEveryStart``, and the rest is checked
    /// page by page as it is read.
    package static let quickCheckLimitBytes: Int64 = 64 * 1_048_576

    /// The small tables whose damage would go unseen longest (accounts and their credentials, settings, pauses, slots,
    /// repeating posts): checked at every start whatever the database's size.
    package static let tablesCheckedAtEveryStart = ["account", "setting", "network_pause", "posting_slot", "series"]

    /// Reads the file without changing it (no WAL switch, no migration) and refuses what must not be migrated:
    /// not SQLite, damaged, another program's database, or one migrated by a newer schedulerd.
    package static func inspect(_ path: String, wholeCheckUpTo limit: Int64 = quickCheckLimitBytes) throws(StoreError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0
        guard size > 0 else { return }  // created just now, or left empty: nothing to lose
        var problem: String?
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            problem = try queue.read { db -> String? in
                if let found = try quickCheck(db, whole: size <= limit) {
                    return "\(path) is damaged; SQLite's integrity check found: \(found.prefix(300)). " + restoreAdvice(path)
                }
                let tableCount = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
                guard tableCount > 0 else { return nil }
                let applied = try migrator.appliedIdentifiers(db)
                let known = Set(migrator.migrations)
                guard let first = migrator.migrations.first, applied.contains(first) else {
                    return "\(path) is an SQLite database, but not a schedulerd one (it has none of schedulerd's migrations). "
                        + "Check --state-dir, or move the file aside; schedulerd does not change another program's database."
                }
                if let unknown = applied.subtracting(known).sorted().first {
                    return "\(path) was written by a newer schedulerd (it has migration '\(unknown)', which this version \(BuildInfo.version) "
                        + "does not know). Run the newer schedulerd, or restore a backup made by this version; schedulerd does not downgrade it."
                }
                return nil
            }
        } catch let error as DatabaseError {
            problem = "\(path) cannot be used as the schedulerd database: \(error.message ?? "\(error.resultCode)"). " + restoreAdvice(path)
        } catch {
            problem = "\(path) cannot be read: \(String(describing: error).asClause). " + restoreAdvice(path)
        }
        if let problem { throw StoreError(.corrupt, problem) }
    }

    /// What SQLite's `quick_check` finds wrong, nil when nothing: in the whole file, or in the tables checked at every start.
    package static func quickCheck(_ db: Database, whole: Bool) throws -> String? {
        var findings: [String] = []
        if whole {
            findings = try String.fetchAll(db, sql: "PRAGMA quick_check(3)")
        } else {
            let present = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            for table in tablesCheckedAtEveryStart where present.contains(table) {
                findings += try String.fetchAll(db, sql: "PRAGMA quick_check(\(table))")
            }
        }
        let problems = findings.filter { $0 != "ok" }
        return problems.isEmpty ? nil : problems.joined(separator: "; ").replacingOccurrences(of: "\n", with: " ")
    }

    /// An in-memory database for unit tests.
    package static func inMemory() throws -> SQLiteStore {
        _ = SQLiteLibrary.configured
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        return try SQLiteStore(writer: DatabaseQueue(configuration: configuration))
    }

    /// Creates the file with mode 0600 before SQLite does, so it is never readable by others, even briefly.
    private static func createPrivately(_ path: String) throws(StoreError) {
        let fd = Foundation.open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            let advice = errno == EISDIR ? "the database must be a file; move that directory aside (or point --state-dir elsewhere)"
                : "check the path and its permissions (schedulerd runs as uid \(getuid()))"
            throw StoreError(.cannotOpen, "cannot open the database \(path): \(reason); \(advice). It is left as it is.")
        }
        fchmod(fd, 0o600)
        close(fd)
    }
}

extension SQLiteStore: AccountStore, DeliveryStore, EventStore, PostStore {
    /// One daemon per file (the state directory's lock): nobody else's claims to take over.
    package func takeOverAbandonedClaims(inFlightWindow: TimeInterval, reason: String) async throws -> Int { 0 }

    /// One daemon per file: its claims are its own for as long as it runs.
    package var claimsAreHeld: Bool { true }
}

