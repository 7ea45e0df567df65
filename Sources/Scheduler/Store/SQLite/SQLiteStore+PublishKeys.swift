import Foundation
import GRDB

extension SQLiteStore {
    public func publishKey(deliveryID: Int64, part: Int) async throws -> String? {
        try await writer.read { db in
            try String.fetchOne(db, sql: "SELECT key FROM publish_key WHERE delivery_id = ? AND part = ?", arguments: [deliveryID, part])
        }
    }

    /// Committed with `synchronous = FULL`, as a claim is: a key rolled back by a power loss after its request went out
    /// would be replaced by another, and the post made twice.
    public func storePublishKey(_ claim: ClaimedDelivery, part: Int, key: String, now: Date) async throws -> Bool {
        try await writeDurably { db in
            guard try Bool.fetchOne(db, sql: "SELECT state = 'publishing' FROM delivery WHERE id = ?", arguments: [claim.deliveryID]) == true else {
                return false
            }
            try db.execute(sql: """
                INSERT INTO publish_key (delivery_id, part, key, stored_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (delivery_id, part) DO UPDATE SET key = excluded.key, stored_at = excluded.stored_at
                """, arguments: [claim.deliveryID, part, key, now.unixMilliseconds])
            return true
        }
    }
}
