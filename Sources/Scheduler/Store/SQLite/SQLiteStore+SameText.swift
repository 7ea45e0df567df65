import Foundation
import GRDB
import SchedulerCore

extension SQLiteStore {
    /// X's duplicate-content rule: the account's deliveries due in the window, from the deliveries-by-account index
    /// (account, state, due time), their texts compared.
    public func sameText(accountID: Int64, text: String, from: Date, to: Date, excluding: Int64?) async throws -> SameTextPost? {
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await writer.read { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT d.post_id, d.post_due_at, d.state, COALESCE(d.text_override, p.text) AS text
                FROM delivery d INDEXED BY delivery_by_account JOIN post p ON p.id = d.post_id
                WHERE d.account_id = :account AND d.state IN \(SameTextStates.sql)
                  AND d.post_due_at BETWEEN :from AND :to AND d.post_id != :excluding
                ORDER BY d.post_due_at
                """), arguments: ["account": accountID, "from": from.unixMilliseconds, "to": to.unixMilliseconds, "excluding": excluding ?? -1])
            guard let row = rows.first(where: { ($0["text"] as String).trimmingCharacters(in: .whitespacesAndNewlines) == wanted }) else { return nil }
            return SameTextPost(postID: row["post_id"], dueAt: Date(unixMilliseconds: row["post_due_at"]),
                                state: DeliveryState(rawValue: row["state"]) ?? .scheduled)
        }
    }
}
