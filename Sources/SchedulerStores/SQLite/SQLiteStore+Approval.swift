import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// v18: a delivery may wait for an owner's approval.
    package static func migrateV18(_ db: Database) throws {
        try allowDeliveryState(.awaitingApproval, db)
    }

    package func settleApproval(id: Int64, verdict: ApprovalVerdict, by person: String, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            guard try Self.postRecord(id: id, db) != nil else { throw PostRefusals.noPost(id) }
            let ms = now.unixMilliseconds
            switch verdict {
            case .approved:
                try db.execute(sql: "UPDATE delivery SET state = 'scheduled', updated_at = ? WHERE post_id = ? AND state = 'awaiting_approval'",
                               arguments: [ms, id])
            case .rejected(let reason):
                try db.execute(sql: """
                    UPDATE delivery SET state = 'cancelled', last_error = ?, updated_at = ? WHERE post_id = ? AND state = 'awaiting_approval'
                    """, arguments: [ApprovalRecord.rejectedError(reason, by: person), ms, id])
            }
            guard db.changesCount > 0 else {
                let states = try String.fetchAll(db, sql: "SELECT DISTINCT state FROM delivery WHERE post_id = ? ORDER BY state", arguments: [id])
                throw ApprovalRecord.nothingAwaiting(id, states: states)
            }
            if case .rejected = verdict { try db.execute(sql: "UPDATE post SET rejection_open = 1 WHERE id = ?", arguments: [id]) }
            try insertEvent(ApprovalRecord.event(postID: id, verdict: verdict, by: person, at: now), db)
            return try Self.postRecord(id: id, db)!
        }
    }
}
