import Foundation
import SchedulerCore

/// Whether the store can be written: what the daemon's own writes found (a failure going on now), else a write lock
/// taken and let go, and the free space beside the database.
extension Doctor {
    package func storeFindings() async -> [DoctorFinding] {
        if let trouble = health.view() {
            let since = "since \(RFC3339.format(trouble.since)) (\(trouble.failures) failure\(trouble.failures == 1 ? "" : "s"))"
            return [.fail("store", "\(trouble.message) \(since); it blocks \(trouble.blocks.joined(separator: "; "))", action: trouble.action)]
        }
        let writable = await store.checkWritable()
        if let failure = writable.failure { return [.fail("store", failure.message, action: failure.action)] }
        if let warning = writable.warning {
            return [.warn("store", warning, action: "free space on that file system: the database and its write-ahead log need room to grow")]
        }
        return [.ok("store", writable.what)]
    }
}
