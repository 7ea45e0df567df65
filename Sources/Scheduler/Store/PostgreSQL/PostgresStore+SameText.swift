import Foundation
import PostgresNIO
import SchedulerCore

extension PostgresStore {
    /// X's duplicate-content rule: the account's deliveries due in the window, from the deliveries-by-account index
    /// (account, state, due time), their texts compared. Due times are stored as given, not as database time.
    public func sameText(accountID: Int64, text: String, from: Date, to: Date, excluding: Int64?) async throws -> SameTextPost? {
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await read { session in
            let rows = try await session.rows("""
                SELECT d.post_id, d.post_due_at, d.state, COALESCE(d.text_override, p.text) AS text
                FROM delivery d JOIN post p ON p.id = d.post_id
                WHERE d.account_id = \(accountID) AND d.state IN \(unescaped: SameTextStates.sql)
                  AND d.post_due_at BETWEEN \(from.unixMilliseconds) AND \(to.unixMilliseconds) AND d.post_id != \(excluding ?? -1)
                ORDER BY d.post_due_at
                """)
            for row in rows {
                let text: String = try row["text"]
                guard text.trimmingCharacters(in: .whitespacesAndNewlines) == wanted else { continue }
                let state: String = try row["state"]
                return SameTextPost(postID: try row["post_id"], dueAt: Date(unixMilliseconds: try row["post_due_at"]),
                                    state: DeliveryState(rawValue: state) ?? .scheduled)
            }
            return nil
        }
    }
}
