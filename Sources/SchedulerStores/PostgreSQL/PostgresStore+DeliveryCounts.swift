import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// Deliveries by state, for `status`: the ledger the triggers keep (migration v8), summed; states with none left out.
    package static func deliveryCounts(_ session: PostgresSession) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try await session.rows("SELECT state, sum(n)::bigint AS n FROM delivery_count GROUP BY state HAVING sum(n) <> 0") {
            counts[try row["state"]] = Int(try row["n"] as Int64)
        }
        return counts
    }

    /// Folds the ledger into one row per account and state, so that `status` sums a few rows. Daemons folding at once are safe: each
    /// deletes only rows it sees and no other has deleted, and adds their sum.
    package func foldDeliveryCounts() async throws {
        try await write { session in
            try await session.execute("""
                WITH folded AS (DELETE FROM delivery_count RETURNING account_id, state, n)
                INSERT INTO delivery_count (account_id, state, n)
                SELECT account_id, state, sum(n)::bigint FROM folded GROUP BY account_id, state HAVING sum(n) <> 0
                """)
        }
    }

    /// The first waiting delivery of an account that may publish, and how many accounts its post waits for: the earliest of
    /// each such account's first, one index look per account (`delivery_due_by_account`), however many are paused.
    package static func nextDue(_ session: PostgresSession) async throws -> NextDueRecord? {
        guard let first = try await session.row("""
            SELECT d.post_id, d.next_attempt_at FROM account a
            CROSS JOIN LATERAL (SELECT e.post_id, e.next_attempt_at FROM delivery e
                                WHERE e.account_id = a.id AND e.state IN ('scheduled', 'retrying') ORDER BY e.next_attempt_at LIMIT 1) d
            WHERE a.status = 'active' AND NOT a.paused AND a.network NOT IN (SELECT network FROM network_pause)
            ORDER BY d.next_attempt_at, d.post_id LIMIT 1
            """) else { return nil }
        let postID: Int64 = try first["post_id"]
        let accounts = try await session.value("""
            SELECT count(*) FROM delivery WHERE post_id = \(postID) AND state IN ('scheduled', 'retrying')
            """, as: Int64.self) ?? 0
        return NextDueRecord(postId: postID, dueAt: Date(unixMilliseconds: try first["next_attempt_at"]), accounts: Int(accounts))
    }

    /// The first waiting delivery of an account that cannot publish now, with why: the earliest of each such account's
    /// first, one index look per account as in ``nextDue(_:)`` (issue 16, bug 2).
    package static func nextHeld(_ session: PostgresSession) async throws -> HeldDueRecord? {
        guard let row = try await session.row("""
            SELECT d.post_id, d.next_attempt_at, a.network, a.handle, a.status, a.paused,
                   a.network IN (SELECT network FROM network_pause) AS network_paused
            FROM account a
            CROSS JOIN LATERAL (SELECT e.post_id, e.next_attempt_at FROM delivery e
                                WHERE e.account_id = a.id AND e.state IN ('scheduled', 'retrying') ORDER BY e.next_attempt_at LIMIT 1) d
            WHERE NOT (a.status = 'active' AND NOT a.paused AND a.network NOT IN (SELECT network FROM network_pause))
            ORDER BY d.next_attempt_at, d.post_id LIMIT 1
            """) else { return nil }
        let reason = HeldReason.first(status: try row["status"], accountPaused: try row["paused"], networkPaused: try row["network_paused"])
        return HeldDueRecord(postId: try row["post_id"], dueAt: Date(unixMilliseconds: try row["next_attempt_at"]),
                                  account: "\(try row["network"] as String):@\(try row["handle"] as String)", reason: reason)
    }
}

extension PostgresStore: DeliveryCountStore {
    package func deliveryCountsByNetwork() async throws -> [DeliveryCount] {
        try await read { session in
            try await session.rows("""
                SELECT a.network, c.state, sum(c.n)::bigint AS n FROM delivery_count c JOIN account a ON a.id = c.account_id
                GROUP BY a.network, c.state HAVING sum(c.n) <> 0
                """).compactMap { row -> DeliveryCount? in
                guard let network = Network(rawValue: try row["network"]), let state = DeliveryState(rawValue: try row["state"]) else { return nil }
                return DeliveryCount(network: network, state: state, count: Int(try row["n"] as Int64))
            }
        }
    }
}
