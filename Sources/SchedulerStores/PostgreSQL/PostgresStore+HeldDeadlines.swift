import Foundation
import PostgresNIO
import SchedulerDomain

extension PostgresStore {
    /// See ``DeliveryStore/nextHeldLatenessDeadline(after:)``; as the SQLite store's, on the database's clock: each held
    /// account's waiting deliveries in due order from `delivery_by_account`, a page at a time, stopping at the first
    /// due after the earliest deadline found.
    package func nextHeldLatenessDeadline(after now: Date) async throws -> Date? {
        let databaseNow = databaseMilliseconds(now)
        let page = 64
        return try await read { session in
            let held = try await session.rows("""
                SELECT id FROM account WHERE status != 'revoked'
                  AND (EXISTS (SELECT 1 FROM setting WHERE name = 'paused') OR status != 'active' OR paused
                       OR network IN (SELECT network FROM network_pause))
                """).map { row -> Int64 in try row["id"] }
            var earliest: Int64?
            for account in held {
                for state in ["scheduled", "retrying"] {
                    var after: (due: Int64, post: Int64)?
                    paging: while true {
                        let rows = try await session.rows("""
                            SELECT d.post_due_at AS due, d.post_id,
                                   \(unescaped: LatenessRule.wakeSQL(.postgres)) AS wake
                            FROM delivery d JOIN post p ON p.id = d.post_id
                            WHERE d.account_id = \(account) AND d.state = \(state) AND \(unescaped: LatenessRule.appliesSQL(.postgres))
                              AND (d.post_due_at, d.post_id) > (\(after?.due ?? Int64.min), \(after?.post ?? Int64.min))
                            ORDER BY d.post_due_at, d.post_id LIMIT \(Int64(page))
                            """)
                        for row in rows {
                            let due: Int64 = try row["due"]
                            if let earliest, due >= earliest { break paging }
                            let wake: Int64 = try row["wake"]
                            if wake > databaseNow, earliest.map({ wake < $0 }) ?? true { earliest = wake }
                            after = (due, try row["post_id"])
                        }
                        if rows.count < page { break }
                    }
                }
            }
            return earliest.map(localDate)
        }
    }
}
