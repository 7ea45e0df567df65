import Foundation
import GRDB
import PostgresTestCluster
@testable import Scheduler
@testable import SchedulerDomain
import Testing

/// "When is a delivery missed" is written once (LatenessRule, issue 49): its SQL for each store, evaluated on a real
/// SQLite and a real PostgreSQL over every combination of due time, retry, lateness limit, doubt and thread parts,
/// gives the same verdict as the rule itself.
@Suite struct LatenessRuleTests {
    /// One delivery of the grid, and the moment it is judged at.
    struct Case: CustomStringConvertible {
        var id: Int, dueAt: Int64, retryRequestedAt: Int64?, limitSeconds: Int64, needsCheck: Bool, partCount: Int, anyPartOut: Bool, now: Int64

        var isPast: Bool {
            LatenessRule.isPast(now: now, dueAt: dueAt, retryRequestedAt: retryRequestedAt, latenessLimitSeconds: limitSeconds,
                                needsCheck: needsCheck, partCount: partCount, anyPartOut: anyPartOut)
        }
        var description: String {
            "due \(dueAt), retry \(retryRequestedAt.map(String.init) ?? "none"), limit \(limitSeconds) s, in doubt \(needsCheck), "
                + "\(partCount) parts (one out: \(anyPartOut)), now \(now)"
        }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        for dueAt: Int64 in [10_000] {
            for retry: Int64? in [nil, 5_000, 90_000] {
                for limit: Int64 in [0, 30] {
                    for needsCheck in [false, true] {
                        for (parts, out) in [(1, false), (3, false), (3, true)] {
                            for now: Int64 in [9_999, 10_000, 10_001, 40_000, 40_001, 90_000, 90_001, 120_001] {
                                cases.append(Case(id: cases.count + 1, dueAt: dueAt, retryRequestedAt: retry, limitSeconds: limit,
                                                  needsCheck: needsCheck, partCount: parts, anyPartOut: out, now: now))
                            }
                        }
                    }
                }
            }
        }
        return cases
    }()

    /// The grid as rows of the store's three tables, one post and one delivery a case, with the moment it is judged at
    /// beside it (`judged_at`).
    static func setUpSQL(needsCheckType: String, boolean: (Bool) -> String) -> String {
        let posts = cases.map { "(\($0.id), \($0.dueAt), \($0.limitSeconds))" }
        let deliveries = cases.map { c in
            "(\(c.id), \(c.id), \(c.retryRequestedAt.map(String.init) ?? "NULL"), \(boolean(c.needsCheck)), \(c.partCount), \(c.dueAt), \(c.now))"
        }
        let parts = cases.filter(\.anyPartOut).map { "(\($0.id))" }
        return """
            CREATE TABLE post (id bigint PRIMARY KEY, due_at bigint NOT NULL, lateness_limit_s bigint NOT NULL);
            CREATE TABLE delivery (id bigint PRIMARY KEY, post_id bigint NOT NULL, retry_requested_at bigint,
                                   needs_check \(needsCheckType) NOT NULL, part_count integer NOT NULL, next_attempt_at bigint NOT NULL,
                                   judged_at bigint NOT NULL);
            CREATE TABLE delivery_part (delivery_id bigint NOT NULL);
            INSERT INTO post VALUES \(posts.joined(separator: ", "));
            INSERT INTO delivery VALUES \(deliveries.joined(separator: ", "));
            INSERT INTO delivery_part VALUES \(parts.joined(separator: ", "));
            """
    }

    /// Each case's verdict by the stores' condition, in the order of the cases.
    static func judgingSQL(_ dialect: LatenessRule.Dialect) -> String {
        "SELECT CASE WHEN \(LatenessRule.isPastSQL(dialect, now: "d.judged_at")) THEN 1 ELSE 0 END FROM delivery d JOIN post p ON p.id = d.post_id ORDER BY d.id"
    }

    @Test func theSQLiteStoresSQL_judgesEveryCaseAsTheRuleDoes() throws {
        let database = try DatabaseQueue()
        try database.write { try $0.execute(sql: Self.setUpSQL(needsCheckType: "integer") { $0 ? "1" : "0" }) }
        let verdicts = try database.read { try Int.fetchAll($0, sql: Self.judgingSQL(.sqlite)) }
        #expect(verdicts.count == Self.cases.count)
        let differing = zip(Self.cases, verdicts).filter { $1 != ($0.isPast ? 1 : 0) }.map(\.0.description)
        #expect(Self.cases.filter(\.isPast).count > 30 && Self.cases.filter { !$0.isPast }.count > 30, "the grid has both verdicts")
        #expect(differing.isEmpty, "SQLite judges otherwise: \(differing.prefix(5))")
    }

    @Test func thePostgreSQLStoresSQL_judgesEveryCaseAsTheRuleDoes() async throws {
        let cluster = try await PostgresCluster.shared()
        let database = try await cluster.createDatabase("lateness")
        _ = try await cluster.psql(Self.setUpSQL(needsCheckType: "boolean") { $0 ? "true" : "false" }, database: database.name)
        let verdicts = try await cluster.psql(Self.judgingSQL(.postgres), database: database.name).split(separator: "\n")
        #expect(verdicts.count == Self.cases.count)
        let differing = zip(Self.cases, verdicts).filter { $1 != ($0.isPast ? "1" : "0") }.map(\.0.description)
        #expect(differing.isEmpty, "PostgreSQL judges otherwise: \(differing.prefix(5))")
    }

    /// The wake-up of a held delivery is just past its deadline, or its next attempt if later.
    @Test func theWakeAndDeadlineExpressions_agreeWithTheRule() throws {
        let database = try DatabaseQueue()
        try database.write { try $0.execute(sql: Self.setUpSQL(needsCheckType: "integer") { $0 ? "1" : "0" }) }
        try database.read { db in
            for c in Self.cases.prefix(40) {
                let row = try #require(try Row.fetchOne(db, sql: """
                    SELECT \(LatenessRule.deadlineSQL(.sqlite)) AS deadline, \(LatenessRule.wakeSQL(.sqlite)) AS wake
                    FROM delivery d JOIN post p ON p.id = d.post_id WHERE d.id = ?
                    """, arguments: [c.id]))
                let deadline = LatenessRule.deadline(dueAt: c.dueAt, retryRequestedAt: c.retryRequestedAt, latenessLimitSeconds: c.limitSeconds)
                #expect(row["deadline"] as Int64 == deadline)
                #expect(row["wake"] as Int64 == max(deadline + 1, c.dueAt))
            }
        }
    }
}
