import Foundation
import Logging
import PostgresNIO
import SchedulerCore
import SchedulerDomain
import Synchronization

/// The rate-limit budgets of every daemon sharing a database, kept in it, so three daemons together stay within X's
/// 100 posts per 15 minutes per user. The arithmetic is ``TokenBucket``'s, as in ``PublishBudget``; nothing needs
/// seeding after a restart, since the buckets outlive every daemon.
///
/// A reserve is one transaction for a whole claim: it locks the buckets of every account and network in it, refills
/// them on the database's clock, takes a token for each post in turn, and writes them back, in four statements
/// however many posts there are. Refunds and what the networks say about their limits are corrections that only
/// matter to the next reserve, so they wait for it and go in its transaction, or are written on their own after
/// ``correctionDelay`` when no reserve comes first. A daemon that crashes loses at most that much of them: a refund
/// lost spends the budget a little faster than need be (the safe side), and a network repeats its limit with every
/// answer.
package final class SharedPublishBudget: PublishBudgeting {
    package let store: PostgresStore
    package let rules: [Network: (account: PublishBudget.Rule, network: PublishBudget.Rule?)]

    /// A refund (no hint) or a network's answer, kept until it is written.
    package struct Correction: Sendable {
        package var post: BudgetedPost
        package var hint: RateLimitHint?
    }

    private let corrections = Mutex<[Correction]>([])

    /// How long a correction may wait for a reserve to carry it before it is written alone.
    package static let correctionDelay: Duration = .milliseconds(200)

    package init(store: PostgresStore, rules: [Network: (account: PublishBudget.Rule, network: PublishBudget.Rule?)] = PublishBudget.defaultRules) {
        self.store = store
        self.rules = rules
    }

    /// A budget that cannot be read holds the post back for a moment, never lets it through unbudgeted.
    package static let holdWhenUnreadable: TimeInterval = 2

    package func reserve(_ posts: [BudgetedPost], now: Date) async -> [Date?] {
        let pending = corrections.withLock { list in
            defer { list = [] }
            return list
        }
        let budgeted = posts.filter { rules[$0.network] != nil }
        guard !budgeted.isEmpty || !pending.isEmpty else { return posts.map { _ in nil } }
        do {
            return try await withBuckets(for: budgeted + pending.map(\.post), now: now) { buckets, at in
                for correction in pending { apply(correction, to: &buckets, at: at) }
                return posts.map { take($0, from: &buckets, at: at) }
            }
        } catch where budgeted.isEmpty {
            // Corrections alone (a daemon stopping, its database gone): lost, the budget is spent a little faster than need
            // be, and the networks say their limits again with their next answers.
            store.logger.notice("refunds and the networks' answers about their limits could not be stored in the shared budget",
                                metadata: ["error": "\(error)", "corrections.count": "\(pending.count)"])
            return posts.map { _ in nil }
        } catch {
            store.logger.warning("the shared rate-limit budget could not be read; the posts wait", metadata: ["error": "\(error)"])
            return posts.map { rules[$0.network] == nil ? nil : now.addingTimeInterval(Self.holdWhenUnreadable) }
        }
    }

    package func refund(accountID: Int64, network: Network) async {
        correct(Correction(post: BudgetedPost(accountID: accountID, network: network), hint: nil))
    }

    package func observe(_ hint: RateLimitHint, accountID: Int64, network: Network, now: Date) async {
        correct(Correction(post: BudgetedPost(accountID: accountID, network: network), hint: hint))
    }

    /// Writes the corrections waiting, if any, in a transaction of their own.
    package func writeCorrections() async {
        _ = await reserve([], now: Date())
    }

    /// Keeps a correction for the next reserve; the first of a batch also schedules writing them alone if none comes.
    private func correct(_ correction: Correction) {
        guard rules[correction.post.network] != nil else { return }
        let first = corrections.withLock { list in
            list.append(correction)
            return list.count == 1
        }
        guard first else { return }
        Task {
            try? await Task.sleep(for: Self.correctionDelay)
            await self.writeCorrections()
        }
    }

    private func apply(_ correction: Correction, to buckets: inout [String: TokenBucket], at: Date) {
        let keys = Self.keys(correction.post, rules[correction.post.network]!)
        guard let hint = correction.hint else {
            buckets[keys.account]?.refund()
            if let network = keys.network { buckets[network]?.refund() }
            return
        }
        let key = hint.scope == .account || keys.network == nil ? keys.account : keys.network!
        buckets[key]?.observe(hint, now: at)
    }

    private func take(_ post: BudgetedPost, from buckets: inout [String: TokenBucket], at: Date) -> Date? {
        guard let rule = rules[post.network] else { return nil }
        let keys = Self.keys(post, rule)
        guard var account = buckets[keys.account] else { return store.localDate(at.unixMilliseconds).addingTimeInterval(Self.holdWhenUnreadable) }
        var shared = keys.network.flatMap { buckets[$0] }
        let wait = TokenBucket.take(&account, &shared, now: at)
        buckets[keys.account] = account
        if let network = keys.network { buckets[network] = shared }
        return wait.map { store.localDate($0.unixMilliseconds) }
    }

    /// The account's bucket, and the network's when the network has an app-wide limit.
    private static func keys(_ post: BudgetedPost, _ rule: (account: PublishBudget.Rule, network: PublishBudget.Rule?)) -> (account: String, network: String?) {
        ("account:\(post.accountID)", rule.network == nil ? nil : "network:\(post.network.rawValue)")
    }

    /// Locks and reads the buckets of `posts` (creating full ones the first time), lets `change` change them, and
    /// writes them back, in one transaction. Times inside are on the database's clock.
    ///
    /// The insert that creates missing buckets also locks and returns the ones there (`ON CONFLICT DO UPDATE`), in key
    /// order, so two daemons locking the same buckets wait for each other rather than deadlock.
    private func withBuckets<T: Sendable>(for posts: [BudgetedPost], now: Date,
                                          _ change: @Sendable (inout [String: TokenBucket], Date) -> T) async throws -> T {
        var capacities: [String: PublishBudget.Rule] = [:]
        for post in posts {
            guard let rule = rules[post.network] else { continue }
            let keys = Self.keys(post, rule)
            capacities[keys.account] = rule.account
            if let network = keys.network, let networkRule = rule.network { capacities[network] = networkRule }
        }
        let keys = capacities.keys.sorted()
        let at = store.databaseMilliseconds(now)
        return try await store.write { session in
            var buckets: [String: TokenBucket] = [:]
            for row in try await session.rows(BudgetLockStatement(keys: keys, capacities: keys.map { capacities[$0]!.capacity }, at: at)) {
                let key: String = try row["key"]
                guard let rule = capacities[key] else { continue }
                buckets[key] = TokenBucket(rule: rule, tokens: try row["tokens"], updated: Date(unixMilliseconds: try row["updated_at"]),
                                           blockedUntil: (try row["blocked_until"] as Int64?).map(Date.init(unixMilliseconds:)))
            }
            guard buckets.count == keys.count else { throw StoreError(.corrupt, "a rate-limit budget row vanished while it was locked") }
            let result = change(&buckets, Date(unixMilliseconds: at))
            _ = try await session.rows(BudgetWriteStatement(keys: keys, buckets: keys.map { buckets[$0]! }))
            return result
        }
    }
}

/// Creates the buckets missing among `keys`, full, and locks and returns them all, in key order (see
/// ``SharedPublishBudget``).
package struct BudgetLockStatement: PreparedQuery {
    package static let sql: String = text(of: BudgetLockStatement(keys: [], capacities: [], at: 0))
    package let query: PostgresQuery

    package init(keys: [String], capacities: [Double], at: Int64) {
        query = """
            INSERT INTO budget_bucket (key, tokens, updated_at)
            SELECT key, tokens, \(at) FROM unnest(\(keys)::text[], \(capacities)::float8[]) AS fresh(key, tokens)
            ORDER BY key
            ON CONFLICT (key) DO UPDATE SET tokens = budget_bucket.tokens
            RETURNING key, tokens, updated_at, blocked_until
            """
    }
}

/// Writes back the buckets of `keys`.
package struct BudgetWriteStatement: PreparedQuery {
    package static let sql: String = text(of: BudgetWriteStatement(keys: [], buckets: []))
    package let query: PostgresQuery

    package init(keys: [String], buckets: [TokenBucket]) {
        // 0 stands for "not blocked": an array parameter holds no NULL here, and no block ends at the epoch.
        query = """
            UPDATE budget_bucket SET tokens = new.tokens, updated_at = new.updated_at, blocked_until = nullif(new.blocked_until, 0)
            FROM unnest(\(keys)::text[], \(buckets.map(\.tokens))::float8[], \(buckets.map(\.updated.unixMilliseconds))::int8[],
                        \(buckets.map { $0.blockedUntil?.unixMilliseconds ?? 0 })::int8[]) AS new(key, tokens, updated_at, blocked_until)
            WHERE budget_bucket.key = new.key
            """
    }
}
