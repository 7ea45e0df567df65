import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// Posts with at least one delivery in `filter`, newest due time first, a page at a time from a key: each page is
    /// read from an index in order (see ``listingKeys(filter:accountID:after:offset:limit:)``), never counted off.
    package func listPosts(filter: StateFilter, accountID: Int64?, after: ListPosition?, offset: Int, limit: Int) async throws -> PostPage {
        try await writer.read { db in
            let (sql, arguments) = Self.listingKeys(filter: filter, accountID: accountID, after: after, offset: offset, limit: limit + 1)
            let keys = try Row.fetchAll(db, sql: sql, arguments: arguments).map { ListPosition(dueAt: $0[0], postID: $0[1]) }
            let page = Array(keys.prefix(limit))
            guard !page.isEmpty else { return PostPage(posts: [], next: nil) }
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM post WHERE id IN (\(page.map { "\($0.postID)" }.joined(separator: ", ")))")
            let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as Int64, $0) })
            let posts = try Self.postRecords(page.compactMap { byID[$0.postID] }, db)
            return PostPage(posts: posts, next: keys.count > limit ? page.last : nil)
        }
    }

    /// The statement that reads the keys (due time, id) of a page of `list`, in its order (``ListOrder``).
    ///
    /// Every post: the post index. Otherwise one indexed read per delivery state (`delivery_by_state`, or
    /// `delivery_by_account` for one account), each already in the listing's order from the key on, merged by SQLite
    /// as they stream (a compound SELECT with ORDER BY), duplicates dropped (a post with two deliveries in the filter).
    /// Nothing is sorted or scanned beyond the page (and `offset`).
    package static func listingKeys(filter: StateFilter, accountID: Int64?, after: ListPosition?, offset: Int,
                            limit: Int) -> (sql: String, arguments: StatementArguments) {
        let order = ListOrder(filter)
        var arguments = StatementArguments()
        let page = " LIMIT ? OFFSET ?"
        if filter == .all, accountID == nil {
            var sql = "SELECT due_at, id FROM post INDEXED BY post_by_due"
            if let after {
                sql += " WHERE (due_at, id) \(order.after) (?, ?)"
                _ = arguments.append(contentsOf: [after.dueAt, after.postID])
            }
            _ = arguments.append(contentsOf: [limit, offset])
            return (sql + " ORDER BY due_at \(order.sql), id \(order.sql)" + page, arguments)
        }
        let states: [DeliveryState] = switch filter {
        case .all: DeliveryState.allCases
        case .states(let states): states.sorted { $0.rawValue < $1.rawValue }
        }
        // One state: DISTINCT, read in order (SQLite compares each key with the one before). Several: UNION drops them.
        let select = states.count == 1 ? "SELECT DISTINCT" : "SELECT"
        let branches = states.map { state in
            var sql = "\(select) post_due_at, post_id FROM delivery"
            if let accountID {
                sql += " INDEXED BY delivery_by_account WHERE account_id = ? AND state = ?"
                _ = arguments.append(contentsOf: [accountID, state.rawValue])
            } else {
                sql += " INDEXED BY delivery_by_state WHERE state = ?"
                _ = arguments.append(contentsOf: [state.rawValue])
            }
            if let after {
                sql += " AND (post_due_at, post_id) \(order.after) (?, ?)"
                _ = arguments.append(contentsOf: [after.dueAt, after.postID])
            }
            return sql
        }
        _ = arguments.append(contentsOf: [limit, offset])
        return (branches.joined(separator: " UNION ") + " ORDER BY post_due_at \(order.sql), post_id \(order.sql)" + page, arguments)
    }

    /// How many posts the listing holds in all: the post table's size, or the distinct posts of the filter's
    /// deliveries read from `delivery_by_state` (`delivery_by_account` for one account). Only a page past the end asks.
    package func countPosts(filter: StateFilter, accountID: Int64?) async throws -> Int {
        try await writer.read { db in
            if filter == .all, accountID == nil { return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post") ?? 0 }
            var conditions: [String] = []
            var arguments = StatementArguments()
            if let accountID {
                conditions.append("account_id = ?")
                _ = arguments.append(contentsOf: [accountID])
            }
            if case .states(let states) = filter {
                conditions.append("state IN (\(Array(repeating: "?", count: states.count).joined(separator: ", ")))")
                _ = arguments.append(contentsOf: StatementArguments(states.map(\.rawValue).sorted()))
            }
            let index = accountID == nil ? "delivery_by_state" : "delivery_by_account"
            return try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT post_id) FROM delivery INDEXED BY \(index) WHERE \(conditions.joined(separator: " AND "))",
                                    arguments: arguments) ?? 0
        }
    }
}
