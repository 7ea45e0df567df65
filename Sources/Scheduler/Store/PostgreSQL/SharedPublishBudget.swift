import Connectors
import Foundation
import Logging
import PostgresNIO
import SchedulerCore

/// The rate-limit budgets of every daemon sharing a database, kept in it: each reserve locks the account's and
/// the network's bucket rows (`FOR UPDATE`), refills them on the database's clock and takes a token, so three
/// daemons together stay within X's 100 posts per 15 minutes per user. The arithmetic is ``TokenBucket``'s, as in
/// ``PublishBudget``; nothing needs seeding after a restart, since the buckets outlive every daemon.
public final class SharedPublishBudget: PublishBudgeting {
    let store: PostgresStore
    let rules: [Network: (account: PublishBudget.Rule, network: PublishBudget.Rule?)]

    public init(store: PostgresStore, rules: [Network: (account: PublishBudget.Rule, network: PublishBudget.Rule?)] = PublishBudget.defaultRules) {
        self.store = store
        self.rules = rules
    }

    /// A budget that cannot be read holds the post back for a moment, never lets it through unbudgeted.
    static let holdWhenUnreadable: TimeInterval = 2

    public func reserve(accountID: Int64, network: Network, now: Date) async -> Date? {
        guard let rule = rules[network] else { return nil }
        do {
            return try await withBuckets(accountID: accountID, network: network, rule: rule, now: now) { account, shared, at in
                TokenBucket.take(&account, &shared, now: at).map { self.store.localDate($0.unixMilliseconds) }
            }
        } catch {
            store.logger.warning("the shared rate-limit budget could not be read; the post waits", metadata: ["error": "\(error)"])
            return now.addingTimeInterval(Self.holdWhenUnreadable)
        }
    }

    public func refund(accountID: Int64, network: Network) async {
        guard let rule = rules[network] else { return }
        do {
            try await withBuckets(accountID: accountID, network: network, rule: rule, now: Date()) { account, shared, _ in
                account.refund()
                shared?.refund()
            }
        } catch {
            // Not refunded: the budget is spent a little faster than it need be, which errs on the safe side.
            store.logger.warning("a rate-limit budget could not be refunded", metadata: ["error": "\(error)"])
        }
    }

    public func observe(_ hint: RateLimitHint, accountID: Int64, network: Network, now: Date) async {
        guard let rule = rules[network] else { return }
        do {
            try await withBuckets(accountID: accountID, network: network, rule: rule, now: now) { account, shared, at in
                if hint.scope == .account || shared == nil { account.observe(hint, now: at) } else { shared?.observe(hint, now: at) }
            }
        } catch {
            // The network says it again at the next request.
            store.logger.warning("a network's rate-limit answer could not be stored", metadata: ["error": "\(error)"])
        }
    }

    /// Locks, reads (creating full buckets the first time), changes and writes back the account's bucket and, when the
    /// network has an app-wide limit, the network's, in one transaction. Times inside are on the database's clock.
    private func withBuckets<T: Sendable>(accountID: Int64, network: Network, rule: (account: PublishBudget.Rule, network: PublishBudget.Rule?),
                                          now: Date, _ change: @Sendable (inout TokenBucket, inout TokenBucket?, Date) -> T) async throws -> T {
        let accountKey = "account:\(accountID)"
        let networkKey = "network:\(network.rawValue)"
        let at = store.databaseMilliseconds(now)
        return try await store.write { session in
            var keys = [accountKey]
            if rule.network != nil { keys.append(networkKey) }
            for (key, capacity) in zip(keys, [rule.account.capacity, rule.network?.capacity ?? 0]) {
                try await session.execute("""
                    INSERT INTO budget_bucket (key, tokens, updated_at) VALUES (\(key), \(capacity), \(at)) ON CONFLICT (key) DO NOTHING
                    """)
            }
            var read: [String: TokenBucket] = [:]
            for row in try await session.rows("""
                SELECT key, tokens, updated_at, blocked_until FROM budget_bucket WHERE key = ANY(\(keys)) ORDER BY key FOR UPDATE
                """) {
                let key: String = try row["key"]
                read[key] = TokenBucket(rule: key == accountKey ? rule.account : (rule.network ?? rule.account), tokens: try row["tokens"],
                                        updated: Date(unixMilliseconds: try row["updated_at"]),
                                        blockedUntil: (try row["blocked_until"] as Int64?).map(Date.init(unixMilliseconds:)))
            }
            guard var account = read[accountKey] else { throw StoreError(.corrupt, "the budget row \(accountKey) vanished") }
            var shared = rule.network != nil ? read[networkKey] : nil
            let result = change(&account, &shared, Date(unixMilliseconds: at))
            for (key, bucket) in [(accountKey, account)] + (shared.map { [(networkKey, $0)] } ?? []) {
                try await session.execute("""
                    UPDATE budget_bucket SET tokens = \(bucket.tokens), updated_at = \(bucket.updated.unixMilliseconds),
                        blocked_until = \(bucket.blockedUntil?.unixMilliseconds) WHERE key = \(key)
                    """)
            }
            return result
        }
    }
}
