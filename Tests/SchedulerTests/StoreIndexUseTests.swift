import Foundation
import GRDB
import PostgresNIO
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// What `list`, `status` and the account views read goes through indexes, checked in each store's own plan
/// (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN): a change that makes one of them scan a million deliveries fails
/// here, not in a benchmark.
@Suite struct StoreIndexUseTests {
    let now = referenceNow

    /// Tables small whatever the number of posts: scanning them is fine. Plans name tables by their alias in the query
    /// (account is `a` and delivery_count `c` wherever they are read here).
    static let smallTables: Set<String> = ["account", "a", "network_pause", "delivery_count", "c", "setting", "posting_slot", "CONSTANT"]

    /// Indexes that may be walked from their start: the posts in the listing's order (the walk stops at the page's end),
    /// and the partial indexes of events the hooks have not heard of or gave up on (as many as the backlog).
    static let indexesWalkedWhole = ["COVERING INDEX post_by_due", "INDEX event_unnotified", "INDEX event_hook_given_up"]

    static func isScanOfABigTable(_ line: String) -> Bool {
        guard line.hasPrefix("SCAN ") else { return false }
        if smallTables.contains(String(line.dropFirst(5).prefix { $0 != " " })) { return false }
        return !indexesWalkedWhole.contains { line.hasSuffix("USING " + $0) }
    }

    private static func filters(_ accountID: Int64) -> [(StateFilter, Int64?)] {
        // Next due first (pending, scheduled) and newest first (the rest): each reads its index in one direction.
        [(.all, nil), (.pending, nil), (.states([.scheduled]), nil), (.states([.failed]), nil), (.states([.published, .failed]), nil),
         (.all, accountID), (.pending, accountID), (.states([.draft]), accountID)]
    }

    @Test func sqlite_listingKeys_readOneIndexInOrder_forEveryFilter_withAndWithoutACursor() async throws {
        let store = try SQLiteStore.inMemory()
        let runner = try await store.addAccount("runner")
        for (filter, accountID) in Self.filters(runner.id) {
            for after in [nil, ListPosition(dueAt: now.unixMilliseconds, postID: 7)] {
                let (sql, arguments) = SQLiteStore.listingKeys(filter: filter, accountID: accountID, after: after, offset: 5, limit: 51)
                let plan = try await store.writer.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
                }
                let index = filter == .all && accountID == nil ? "post_by_due" : accountID == nil ? "delivery_by_state" : "delivery_by_account"
                #expect(plan.contains { $0.contains("COVERING INDEX \(index)") }, "\(filter): \(plan)")
                #expect(!plan.contains { Self.isScanOfABigTable($0) || $0.contains("TEMP B-TREE") }, "\(filter): \(plan)")
            }
        }
    }

    @Test func sqlite_everyStatementOfListStatusAndTheAccounts_readsDeliveriesAndPostsByIndex() async throws {
        let store = try SQLiteStore.inMemory()
        let runner = try await store.addAccount("runner")
        try await store.addPost(due: now.addingTimeInterval(60), to: [runner])
        let statements = try await store.statementsRun {
            for (filter, accountID) in Self.filters(runner.id) {
                let first = try await store.listPosts(filter: filter, accountID: accountID, after: nil, offset: 0, limit: 50)
                _ = try await store.listPosts(filter: filter, accountID: accountID, after: first.next ?? ListPosition(dueAt: 1, postID: 1),
                                              offset: 0, limit: 50)
            }
            _ = try await store.summary(now: now)
            try await store.setStatus(.needsRelink, accountID: runner.id)
            _ = try await store.summary(now: now)
            _ = try await store.accounts(includeRevoked: true)
            _ = try await store.post(id: 1)
        }
        #expect(statements.count > 20)
        for sql in statements where sql.hasPrefix("SELECT") {
            let plan = try await store.writer.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String } }
            let scans = plan.filter(Self.isScanOfABigTable)
            #expect(scans.isEmpty, "\(sql): \(plan)")
        }
    }

    @Test func postgres_listingKeys_readTheIndexesInOrder_forEveryFilter_withAndWithoutACursor() async throws {
        try await withPostgresStore(register: false) { store in
            let runner = try await store.addAccount("runner")
            for (filter, accountID) in Self.filters(runner.id) {
                for after in [nil, ListPosition(dueAt: now.unixMilliseconds, postID: 7)] {
                    let query = PostgresStore.listingKeys(filter: filter, accountID: accountID, after: after, offset: 5, limit: 51)
                    let plan = try await store.explain(query)
                    let index = filter == .all && accountID == nil ? "post_by_due" : accountID == nil ? "delivery_by_state" : "delivery_by_account"
                    #expect(plan.contains("Index Only Scan using \(index)") || plan.contains("Index Only Scan Backward using \(index)"),
                            "\(filter): \(plan)")
                    #expect(!plan.contains("Seq Scan"), "\(filter): \(plan)")
                    // Each state's read comes in the index's order: the only sort is of the few keys put together.
                    #expect(plan.components(separatedBy: "Sort  ").count <= 2, "\(filter): \(plan)")
                }
            }
        }
    }

    @Test func postgres_status_readsItsCountsAndTheNextDuePostByIndex() async throws {
        try await withPostgresStore(register: false) { store in
            let runner = try await store.addAccount("runner")
            try await store.addPost(due: now.addingTimeInterval(60), to: [runner])
            let nextDue = try await store.explain("""
                SELECT d.post_id, d.next_attempt_at FROM account a
                CROSS JOIN LATERAL (SELECT e.post_id, e.next_attempt_at FROM delivery e
                                    WHERE e.account_id = a.id AND e.state IN ('scheduled', 'retrying') ORDER BY e.next_attempt_at LIMIT 1) d
                WHERE a.status = 'active' AND NOT a.paused AND a.network NOT IN (SELECT network FROM network_pause)
                ORDER BY d.next_attempt_at, d.post_id LIMIT 1
                """)
            #expect(nextDue.contains("using delivery_due_by_account"), "\(nextDue)")
            let nextHeld = try await store.explain("""
                SELECT d.post_id, d.next_attempt_at, a.network, a.handle, a.status, a.paused,
                       a.network IN (SELECT network FROM network_pause) AS network_paused
                FROM account a
                CROSS JOIN LATERAL (SELECT e.post_id, e.next_attempt_at FROM delivery e
                                    WHERE e.account_id = a.id AND e.state IN ('scheduled', 'retrying') ORDER BY e.next_attempt_at LIMIT 1) d
                WHERE NOT (a.status = 'active' AND NOT a.paused AND a.network NOT IN (SELECT network FROM network_pause))
                ORDER BY d.next_attempt_at, d.post_id LIMIT 1
                """)
            #expect(nextHeld.contains("using delivery_due_by_account") && !nextHeld.contains("Seq Scan on delivery"), "\(nextHeld)")
            let throttled = try await store.explain("""
                SELECT count(*) FROM delivery WHERE state IN ('scheduled', 'retrying') AND throttled_until IS NOT NULL AND throttled_until > 5
                """)
            #expect(throttled.contains("delivery_throttled"), "\(throttled)")
            #expect(!nextDue.contains("Seq Scan on delivery") && !throttled.contains("Seq Scan"))
            let slotsTaken = try await store.explain(PostgresStore.dueTimesQuery([runner.id], from: 0, through: 5))
            // An index of the account's deliveries (the planner may take delivery_same_text's account prefix on a small table).
            #expect(slotsTaken.contains("Index Cond: ((account_id = ANY") && !slotsTaken.contains("Seq Scan"), "\(slotsTaken)")
        }
    }

    /// The queue reads the minutes an account's posts take from the account's deliveries by state and due time.
    @Test func sqlite_theMinutesTakenInSlots_areReadByIndex() async throws {
        let store = try SQLiteStore.inMemory()
        let plan = try await store.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteStore.dueTimesSQL(accounts: 2), arguments: [1, 2, 0, 5]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("INDEX delivery_by_account") } && !plan.contains { Self.isScanOfABigTable($0) }, "\(plan)")
    }
}

extension SQLiteStore {
    /// The SQL of every statement `body` runs (not those inside triggers), with its arguments in place.
    func statementsRun(_ body: () async throws -> Void) async throws -> [String] {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var statements: [String] = []
        }
        let seen = Seen()
        try await writer.write { db in
            db.trace(options: .statement) { event in
                guard case .statement(let statement) = event else { return }
                let sql = statement.expandedSQL
                if !sql.hasPrefix("--") { seen.lock.withLock { seen.statements.append(sql) } }
            }
        }
        try await body()
        try await writer.write { db in db.trace(options: .statement, nil) }
        return seen.lock.withLock { seen.statements }
    }
}

extension PostgresStore {
    /// PostgreSQL's plan for `query`, costing sequential and bitmap scans out so that the indexes' use shows on a small
    /// table. An empty table's size is guessed from its row width, so one more column on `post` made a bitmap scan and
    /// a sort of its guessed 113 rows look cheaper than reading `post_by_due` in order; at a real table's size, with a
    /// LIMIT, the ordered index scan wins by far, and whether the query lets it is what is checked here.
    func explain(_ query: PostgresQuery) async throws -> String {
        try await read { session in
            try await session.execute("SET LOCAL enable_seqscan = off")
            try await session.execute("SET LOCAL enable_bitmapscan = off")
            return try await session.rows(PostgresQuery(unsafeSQL: "EXPLAIN " + query.sql, binds: query.binds))
                .map { try $0["QUERY PLAN"] as String }.joined(separator: "\n")
        }
    }
}
