import Foundation
import PostgresNIO

extension PostgresStore {
    public func publishKey(deliveryID: Int64, part: Int) async throws -> String? {
        try await read { session in
            try await session.value("SELECT key FROM publish_key WHERE delivery_id = \(deliveryID) AND part = \(Int32(part))", as: String.self)
        }
    }

    /// Only while this daemon holds the claim: a daemon that lost it must not replace the key the one that took it over
    /// may already have sent.
    public func storePublishKey(_ claim: ClaimedDelivery, part: Int, key: String, now: Date) async throws -> Bool {
        try await write { session in
            let held = try await session.rows("SELECT id FROM delivery WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere) FOR UPDATE")
            guard !held.isEmpty else { return false }
            try await session.execute("""
                INSERT INTO publish_key (delivery_id, part, key, stored_at)
                VALUES (\(claim.deliveryID), \(Int32(part)), \(key), \(databaseMilliseconds(now)))
                ON CONFLICT (delivery_id, part) DO UPDATE SET key = excluded.key, stored_at = excluded.stored_at
                """)
            return true
        }
    }
}
