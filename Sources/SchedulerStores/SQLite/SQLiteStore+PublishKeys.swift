import Foundation
import GRDB
import SchedulerDomain

extension SQLiteStore {
    package func publishKey(deliveryID: Int64, part: Int) async throws -> StoredPublishKey? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT key, stored_boot FROM publish_key WHERE delivery_id = ? AND part = ?", arguments: [deliveryID, part])
                .map { StoredPublishKey(key: $0["key"], stamp: $0["stored_boot"]) }
        }
    }

    /// Each key's boot-time reading, for its age (issue 46): keys stored before have none, and are of unknown age.
    package static func migrateV21(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE publish_key ADD COLUMN stored_boot TEXT")
    }

    /// Committed with `synchronous = FULL`, as a claim is: a key rolled back by a power loss after its request went out
    /// would be replaced by another, and the post made twice.
    package func storePublishKey(_ claim: ClaimedDelivery, part: Int, key: String, stamp: String, now: Date) async throws -> Bool {
        try await writeDurably { db in
            guard try Bool.fetchOne(db, sql: "SELECT state = 'publishing' FROM delivery WHERE id = ?", arguments: [claim.deliveryID]) == true else {
                return false
            }
            try db.execute(sql: """
                INSERT INTO publish_key (delivery_id, part, key, stored_at, stored_boot) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (delivery_id, part) DO UPDATE SET key = excluded.key, stored_at = excluded.stored_at, stored_boot = excluded.stored_boot
                """, arguments: [claim.deliveryID, part, key, now.unixMilliseconds, stamp])
            return true
        }
    }
}
