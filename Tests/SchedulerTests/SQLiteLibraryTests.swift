import CSQLite
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// The process-wide SQLite settings: SQLite's count of its memory is off once a store has opened, unless SQLite was in
/// use before (other tests here open databases with GRDB directly), and then the flag says so.
@Suite struct SQLiteLibraryTests {
    @Test func theMemoryCountIsOff_whenTheSettingsWereTaken() async throws {
        let store = try SQLiteStore.inMemory()
        _ = try await store.accounts(includeRevoked: false)
        if SQLiteLibrary.configured {
            #expect(sqlite3_memory_used() == 0, "SQLite counts no memory once the count is off")
        } else {
            #expect(sqlite3_memory_used() > 0, "taken or not, the flag says what SQLite does")
        }
    }

    @Test func theSettingsAreRefused_onceSQLiteIsInUse() throws {
        _ = try SQLiteStore.inMemory()
        #expect(sd_sqlite_disable_memory_status() == SQLITE_MISUSE)
    }
}
