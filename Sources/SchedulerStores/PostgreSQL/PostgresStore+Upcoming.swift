import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// As the SQLite store's: `post_by_due` walked per day, stopping at the first posts and at the count's bound.
    package func upcoming(in ranges: [DateInterval], first: Int, countUpTo limit: Int) async throws -> [UpcomingDay] {
        try await read { session in
            var days: [UpcomingDay] = []
            for range in ranges {
                let (start, end) = (databaseMilliseconds(range.start), databaseMilliseconds(range.end))
                let rows = try await session.rows("""
                    SELECT p.id, p.due_at,
                           ARRAY(SELECT a.network FROM delivery d JOIN account a ON a.id = d.account_id
                                 WHERE d.post_id = p.id AND d.state IN ('scheduled', 'retrying', 'publishing')
                                 GROUP BY a.network ORDER BY min(d.id)) AS networks
                    FROM post p
                    WHERE p.due_at >= \(start) AND p.due_at < \(end) AND \(unescaped: Self.stillToGo)
                    ORDER BY p.due_at, p.id LIMIT \(Int64(first))
                    """)
                let posts = try rows.map { row in
                    let networks: [String] = try row["networks"]
                    return UpcomingPostRecord(id: try row["id"], dueAt: localDate(try row["due_at"]), networks: networks.compactMap(Network.init))
                }
                let count = try await session.value("""
                    SELECT COUNT(*) FROM (SELECT 1 FROM post p WHERE p.due_at >= \(start) AND p.due_at < \(end) AND \(unescaped: Self.stillToGo)
                                          LIMIT \(Int64(limit + 1))) AS day
                    """, as: Int64.self) ?? 0
                days.append(UpcomingDay(posts: posts, count: Int(count)))
            }
            return days
        }
    }

    private static let stillToGo = """
        EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.state IN ('scheduled', 'retrying', 'publishing'))
        """
}
