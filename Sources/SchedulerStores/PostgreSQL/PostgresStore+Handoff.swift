import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    package func handoffs() async throws -> [HandoffRecord] {
        try await read { session in
            let records = try await session.rows("""
                SELECT \(unescaped: Self.handoffColumns) FROM delivery d JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
                WHERE d.state = 'handed_off' ORDER BY d.updated_at, d.id
                """).map(Self.handoffRecord)
            let media = try await Self.mediaItems(postIDs: records.map(\.postID), session)
            return records.map { record in
                var record = record
                record.media = media[record.postID] ?? []
                return record
            }
        }
    }

    /// The person published it: the delivery becomes `published`, with the permalink when given. The row is locked
    /// first, so a daemon's reminder or expiry of it waits, or skips it.
    package func confirmHandoff(deliveryID: Int64, url: String?, now: Date) async throws -> PostRecord {
        try await write { session in
            guard let row = try await session.row("SELECT post_id, state FROM delivery WHERE id = \(deliveryID) FOR UPDATE") else {
                throw HandoffRules.noHandoff(deliveryID)
            }
            try HandoffRules.checkWaiting(deliveryID: deliveryID, state: try row["state"])
            let remoteID = HandoffRules.remoteID(url: url, deliveryID: deliveryID)
            let ms = databaseMilliseconds(now)
            try await session.execute("""
                UPDATE delivery SET state = 'published', remote_id = \(remoteID), remote_url = \(url), published_at = \(ms), updated_at = \(ms)
                WHERE id = \(deliveryID) AND state = 'handed_off'
                """)
            let post = try await Self.postRecord(id: try row["post_id"], session)!
            let account = post.deliveries.first { $0.id == deliveryID }?.account
            try await insertEvent(DeliveryEvents.handoffConfirmed(postID: post.id, deliveryID: deliveryID, account: account, url: url, at: now), session)
            return post
        }
    }

}
