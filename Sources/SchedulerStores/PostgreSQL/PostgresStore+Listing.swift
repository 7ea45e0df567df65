import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// Posts with at least one delivery in `filter`, in ``ListOrder``, a page at a time from a key: each page is
    /// read from indexes in order (see ``listingKeys(filter:accountID:after:offset:limit:)``), never counted off.
    package func listPosts(filter: StateFilter, accountID: Int64?, after: ListPosition?, offset: Int, limit: Int) async throws -> PostPage {
        let query = Self.listingKeys(filter: filter, accountID: accountID, after: after, offset: offset, limit: limit + 1)
        return try await read { session in
            let keys = try await session.rows(query).map { ListPosition(dueAt: try $0["due_at"], postID: try $0["id"]) }
            let page = Array(keys.prefix(limit))
            guard !page.isEmpty else { return PostPage(posts: [], next: nil) }
            let rows = try await session.rows("SELECT * FROM post WHERE id = ANY(\(page.map(\.postID)))")
            var byID: [Int64: PostgresStoreRow] = [:]
            for row in rows { byID[try row["id"]] = row }
            let posts = try await Self.postRecords(page.compactMap { byID[$0.postID] }, session)
            return PostPage(posts: posts, next: keys.count > limit ? page.last : nil)
        }
    }

    /// The statement that reads the keys (due time, id) of a page of `list`, in its order.
    ///
    /// Every post: the post index. Otherwise one indexed read per delivery state (`delivery_by_state`, or
    /// `delivery_by_account` for one account), each in the listing's order from the key on and cut at `offset + limit`
    /// distinct posts, then put together: at most that many rows per state are read, however deep the key.
    package static func listingKeys(filter: StateFilter, accountID: Int64?, after: ListPosition?, offset: Int, limit: Int) -> PostgresQuery {
        let order = ListOrder(filter)
        var binds = PostgresBindings()
        var count = 0
        func bind(_ value: some PostgresNonThrowingEncodable) -> String {
            binds.append(value)
            count += 1
            return "$\(count)"
        }
        if filter == .all, accountID == nil {
            var sql = "SELECT due_at, id FROM post"
            if let after { sql += " WHERE (due_at, id) \(order.after) (\(bind(after.dueAt)), \(bind(after.postID)))" }
            sql += " ORDER BY due_at \(order.sql), id \(order.sql) LIMIT \(bind(Int64(limit))) OFFSET \(bind(Int64(offset)))"
            return PostgresQuery(unsafeSQL: sql, binds: binds)
        }
        let states: [DeliveryState] = switch filter {
        case .all: DeliveryState.allCases
        case .states(let states): states.sorted { $0.rawValue < $1.rawValue }
        }
        let branches = states.map { state in
            var sql = "(SELECT DISTINCT post_due_at, post_id FROM delivery WHERE state = \(bind(state.rawValue))"
            if let accountID { sql += " AND account_id = \(bind(accountID))" }
            if let after { sql += " AND (post_due_at, post_id) \(order.after) (\(bind(after.dueAt)), \(bind(after.postID)))" }
            return sql + " ORDER BY post_due_at \(order.sql), post_id \(order.sql) LIMIT \(bind(Int64(offset + limit))))"
        }
        let sql = "SELECT DISTINCT post_due_at AS due_at, post_id AS id FROM (\(branches.joined(separator: " UNION ALL "))) AS keys "
            + "ORDER BY due_at \(order.sql), id \(order.sql) LIMIT \(bind(Int64(limit))) OFFSET \(bind(Int64(offset)))"
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// How many posts the listing holds in all: the post table's size, or the distinct posts of the filter's
    /// deliveries, read from the same indexes as the listing. Only a page past the end asks.
    package func countPosts(filter: StateFilter, accountID: Int64?) async throws -> Int {
        try await read { session in
            if filter == .all, accountID == nil { return Int(try await session.value("SELECT count(*) FROM post", as: Int64.self) ?? 0) }
            var binds = PostgresBindings()
            var conditions: [String] = []
            if let accountID {
                binds.append(accountID)
                conditions.append("account_id = $\(binds.count)")
            }
            if case .states(let states) = filter {
                binds.append(states.map(\.rawValue).sorted())
                conditions.append("state = ANY($\(binds.count))")
            }
            let query = PostgresQuery(unsafeSQL: "SELECT count(DISTINCT post_id) FROM delivery WHERE \(conditions.joined(separator: " AND "))", binds: binds)
            return Int(try await session.value(query, as: Int64.self) ?? 0)
        }
    }
}
