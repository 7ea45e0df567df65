import Foundation
import PostgresNIO
import SchedulerDomain

extension PostgresStore {
    package func publishKey(deliveryID: Int64, part: Int) async throws -> StoredPublishKey? {
        try await read { session in
            guard let row = try await session.row("SELECT key, stored_boot FROM publish_key WHERE delivery_id = \(deliveryID) AND part = \(Int32(part))")
            else { return nil }
            return StoredPublishKey(key: try row["key"], stamp: try row["stored_boot"] as String?)
        }
    }


    /// Only while this daemon holds the claim: a daemon that lost it must not replace the key the one that took it over
    /// may already have sent.
    package func storePublishKey(_ claim: ClaimedDelivery, part: Int, key: String, stamp: String, now: Date) async throws -> Bool {
        try await write { session in
            let held = try await session.rows("SELECT id FROM delivery WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere) FOR UPDATE")
            guard !held.isEmpty else { return false }
            try await session.execute("""
                INSERT INTO publish_key (delivery_id, part, key, stored_at, stored_boot)
                VALUES (\(claim.deliveryID), \(Int32(part)), \(key), \(databaseMilliseconds(now)), \(stamp))
                ON CONFLICT (delivery_id, part) DO UPDATE SET key = excluded.key, stored_at = excluded.stored_at, stored_boot = excluded.stored_boot
                """)
            return true
        }
    }
}

extension PostgresSchema {
    /// What SQLite's v21 adds: each key's boot-time reading, for its age (issue 46).
    package static let v17 = "ALTER TABLE publish_key ADD COLUMN stored_boot TEXT;"
}
