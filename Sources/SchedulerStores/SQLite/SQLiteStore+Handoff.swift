import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// The delivery is with the person now: its bundle is written, and it waits for `handoff done`,
    /// a reminder at `remindAt`, then `expired` at `expiresAt`.
    package func recordHandedOff(_ claim: ClaimedDelivery, attempt: AttemptRecord, bundle: String, remindAt: Date, expiresAt: Date,
                                event: EventRecord) async throws {
        try await outcomes.write { [self] db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.execute(sql: """
                UPDATE delivery SET state = 'handed_off', handoff_path = ?, handoff_reminded = 0, handoff_expires_at = ?,
                    next_attempt_at = ?, claimed_at = NULL, last_error = NULL, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [bundle, expiresAt.unixMilliseconds, remindAt.unixMilliseconds, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
            if db.changesCount > 0 { try insertEvent(event, db) }
        }
    }

    /// Handed-off deliveries whose reminder or expiry time has come: the first time a reminder (and the
    /// next time becomes the expiry), the second time `expired`. One transaction, so each fires once.
    package func handoffFollowUps(now: Date) async throws -> [HandoffFollowUp] {
        try await writer.write { db in
            let ms = now.unixMilliseconds
            // Cached: the engine asks on every turn.
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT \(Self.handoffColumns), d.handoff_reminded FROM delivery d INDEXED BY delivery_handoff_due
                JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
                WHERE d.state = 'handed_off' AND d.next_attempt_at <= ?
                """), arguments: [ms])
            var followUps: [HandoffFollowUp] = []
            for row in rows {
                let record = Self.handoffRecord(row)
                let reminded: Bool = row["handoff_reminded"]
                if reminded || record.expiresAt <= now {
                    try db.execute(sql: """
                        UPDATE delivery SET state = 'expired', updated_at = ?,
                            last_error = 'nobody confirmed the Instagram handoff in time'
                        WHERE id = ? AND state = 'handed_off'
                        """, arguments: [ms, record.deliveryID])
                    followUps.append(HandoffFollowUp(record: record, expired: true))
                    try insertEvent(DeliveryEvents.handoffExpired(record, at: now), db)
                } else {
                    try db.execute(sql: "UPDATE delivery SET handoff_reminded = 1, next_attempt_at = handoff_expires_at, updated_at = ? WHERE id = ?",
                                   arguments: [ms, record.deliveryID])
                    followUps.append(HandoffFollowUp(record: record, expired: false))
                    try insertEvent(DeliveryEvents.handoffReminder(record, at: now), db)
                }
            }
            return followUps
        }
    }

    /// The next reminder or expiry of a handed-off delivery.
    package func nextHandoffTime() async throws -> Date? {
        try await writer.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: """
                SELECT next_attempt_at FROM delivery INDEXED BY delivery_handoff_due WHERE state = 'handed_off'
                ORDER BY next_attempt_at LIMIT 1
                """)).map(Date.init(unixMilliseconds:))
        }
    }

    package func handoffs() async throws -> [HandoffRecord] {
        try await writer.read { db in
            let records = try Row.fetchAll(db, sql: """
                SELECT \(Self.handoffColumns) FROM delivery d JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
                WHERE d.state = 'handed_off' ORDER BY d.updated_at
                """).map(Self.handoffRecord)
            let media = try Self.mediaItems(postIDs: records.map(\.postID), db)
            return records.map { record in
                var record = record
                record.media = media[record.postID] ?? []
                return record
            }
        }
    }

    /// The person published it: the delivery becomes `published`, with the permalink when given.
    package func confirmHandoff(deliveryID: Int64, url: String?, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT post_id, state FROM delivery WHERE id = ?", arguments: [deliveryID]) else {
                throw HandoffRules.noHandoff(deliveryID)
            }
            try HandoffRules.checkWaiting(deliveryID: deliveryID, state: row["state"])
            let remoteID = HandoffRules.remoteID(url: url, deliveryID: deliveryID)
            try db.execute(sql: """
                UPDATE delivery SET state = 'published', remote_id = ?, remote_url = ?, published_at = ?, updated_at = ?
                WHERE id = ? AND state = 'handed_off'
                """, arguments: [remoteID, url, now.unixMilliseconds, now.unixMilliseconds, deliveryID])
            let post = try Self.postRecord(id: row["post_id"], db)!
            let account = post.deliveries.first { $0.id == deliveryID }?.account
            try insertEvent(DeliveryEvents.handoffConfirmed(postID: post.id, deliveryID: deliveryID, account: account, url: url, at: now), db)
            return post
        }
    }

    package static let handoffColumns = """
        d.id, d.post_id, a.network, a.handle, COALESCE(d.text_override, p.text) AS caption, d.handoff_path,
        d.updated_at, d.next_attempt_at, d.handoff_expires_at, p.due_at
        """

    package static func handoffRecord(_ row: Row) -> HandoffRecord {
        let network: String = row["network"]
        let handle: String = row["handle"]
        let expires = Date(unixMilliseconds: row["handoff_expires_at"] ?? 0)
        let next = Date(unixMilliseconds: row["next_attempt_at"])
        return HandoffRecord(deliveryID: row["id"], postID: row["post_id"], account: "\(network):@\(handle)", caption: row["caption"],
                             bundle: row["handoff_path"] ?? "", handedOffAt: Date(unixMilliseconds: row["updated_at"]),
                             remindAt: next < expires ? next : nil, expiresAt: expires, dueAt: Date(unixMilliseconds: row["due_at"]))
    }
}
