import Foundation
import GRDB
import SchedulerDomain

extension SQLiteStore {
    /// See ``DeliveryStore/nextHeldLatenessDeadline(after:)``. Each held account's waiting deliveries are read in due
    /// order from `delivery_by_account`, stopping at the first due after the earliest deadline found (a deadline is never
    /// before its due time), so a paused account with many posts costs a few rows, not all of them.
    package func nextHeldLatenessDeadline(after now: Date) async throws -> Date? {
        try await writer.read { db in
            let everything = try Self.isPausedEverywhere(db)
            let held = try Int64.fetchAll(db, sql: """
                SELECT id FROM account WHERE status != 'revoked'
                  AND (? OR status != 'active' OR paused = 1 OR network IN (SELECT network FROM network_pause))
                """, arguments: [everything])
            var earliest: Int64?
            for account in held {
                for state in ["scheduled", "retrying"] {
                    let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                        SELECT d.post_due_at AS due,
                               \(LatenessRule.wakeSQL(.sqlite)) AS wake
                        FROM delivery d INDEXED BY delivery_by_account JOIN post p ON p.id = d.post_id
                        WHERE d.account_id = ? AND d.state = ? AND \(LatenessRule.appliesSQL(.sqlite))
                        ORDER BY d.post_due_at
                        """), arguments: [account, state])
                    while let row = try rows.next() {
                        if let earliest, (row["due"] as Int64) >= earliest { break }
                        let wake: Int64 = row["wake"]
                        if wake > now.unixMilliseconds, earliest.map({ wake < $0 }) ?? true { earliest = wake }
                    }
                }
            }
            return earliest.map(Date.init(unixMilliseconds:))
        }
    }
}
