import Foundation
import GRDB

extension SQLiteStore: StoreIntegrityChecking {
    /// SQLite's `quick_check` over the whole file, on a reader, so publishing goes on meanwhile.
    public func checkIntegrity() async throws -> StoreIntegrity {
        let started = ContinuousClock.now
        let (problem, pages, pageSize) = try await writer.read { db in
            (try Self.quickCheck(db, whole: true),
             try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        let elapsed = ContinuousClock.now - started
        let megabytes = Double(pages * pageSize) / 1_048_576
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1_000
        let what = "\(writer.path) (\(String(format: "%.1f", megabytes)) MB): SQLite's quick_check "
            + (problem == nil ? "found nothing wrong" : "failed") + " in \(String(format: "%.0f", milliseconds)) ms"
        return StoreIntegrity(what: what, problem: problem)
    }
}
