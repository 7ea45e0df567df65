import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresSchema {
    /// What SQLite's v18 adds: a delivery may wait for an owner's approval.
    package static let v14 = """
        ALTER TABLE delivery DROP CONSTRAINT delivery_state_check;
        ALTER TABLE delivery ADD CONSTRAINT delivery_state_check CHECK (state IN ('awaiting_approval', 'draft', 'scheduled', 'publishing',
            'retrying', 'published', 'failed', 'unknown', 'handed_off', 'expired', 'missed', 'cancelled'));
        """
}

extension PostgresStore {
    package func settleApproval(id: Int64, verdict: ApprovalVerdict, by person: String, now: Date) async throws -> PostRecord {
        try await write { session in
            guard try await Self.postRecord(id: id, session) != nil else { throw PostRefusals.noPost(id) }
            let ms = databaseMilliseconds(now)
            let settled: [PostgresStoreRow]
            switch verdict {
            case .approved:
                settled = try await session.rows("""
                    UPDATE delivery SET state = 'scheduled', updated_at = \(ms) WHERE post_id = \(id) AND state = 'awaiting_approval' RETURNING id
                    """)
            case .rejected(let reason):
                settled = try await session.rows("""
                    UPDATE delivery SET state = 'cancelled', last_error = \(ApprovalRecord.rejectedError(reason, by: person)), updated_at = \(ms)
                    WHERE post_id = \(id) AND state = 'awaiting_approval' RETURNING id
                    """)
            }
            guard !settled.isEmpty else {
                let states = try await session.rows("SELECT DISTINCT state FROM delivery WHERE post_id = \(id) ORDER BY state").map { try $0["state"] as String }
                throw ApprovalRecord.nothingAwaiting(id, states: states)
            }
            if case .rejected = verdict { try await session.execute("UPDATE post SET rejection_open = true WHERE id = \(id)") }
            try await insertEvent(ApprovalRecord.event(postID: id, verdict: verdict, by: person, at: now), session)
            if verdict == .approved { try await session.notifyDueTimesChanged() }
            return try await Self.postRecord(id: id, session)!
        }
    }
}
