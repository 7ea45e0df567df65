import CSQLite

/// Settings of the SQLite library for the whole process, made once, before any database is opened.
package enum SQLiteLibrary {
    /// Whether SQLite took them; false when it was already in use (it refuses then, and runs as it was).
    package static let configured: Bool = {
        // SQLite counts the memory it holds under a process-wide mutex at every sqlite3_malloc and sqlite3_free,
        // for sqlite3_memory_used() and its soft heap limit, neither of which this program reads. In a profile of the
        // daemon importing 100,000-row files, that mutex's lock and unlock took 7 % of its CPU (docs/benchmarks.md,
        // "Importing a million"). SQLite's own advice for speed is the same (SQLITE_DEFAULT_MEMSTATUS=0).
        sd_sqlite_disable_memory_status() == SQLITE_OK
    }()
}
