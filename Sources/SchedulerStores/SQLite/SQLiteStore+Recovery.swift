import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// Sends deliveries of one post again (``RecoveryRules``): each goes back in line now, with a fresh lateness window
    /// counted from now, all in one transaction. A lateness limit under ``LatenessLimit/minimumSeconds`` is raised to it.
    package func retryDeliveries(ids: [Int64], force: Bool, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            let postID = try RecoveryRules.checkRetry(try ids.map { try Self.recoveryCandidate(id: $0, db) }, force: force)
            let ms = now.unixMilliseconds
            for id in ids {
                try db.execute(sql: """
                    UPDATE delivery SET state = 'scheduled', attempt_count = 0, next_attempt_at = ?, retry_requested_at = ?, needs_check = 0,
                        first_claimed_at = NULL, throttled_until = NULL, last_error = NULL, updated_at = ?
                    WHERE id = ?
                    """, arguments: [ms, ms, ms, id])
            }
            // A limit stored before the minimum existed (`0s`) would miss the retry too.
            try db.execute(sql: "UPDATE post SET lateness_limit_s = MAX(lateness_limit_s, ?) WHERE id = ?",
                           arguments: [LatenessLimit.minimumSeconds, postID])
            return try Self.postRecord(id: postID, db)!
        }
    }

    /// The person found the post on the network: an `unknown`, `failed` or `missed` delivery becomes `published` with its URL.
    package func resolveDelivery(id: Int64, publishedURL: String, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            let candidate = try Self.recoveryCandidate(id: id, db)
            try RecoveryRules.checkResolve(candidate)
            let (postID, account) = (candidate.postID, candidate.account)
            let remoteID = RecoveryRules.resolvedRemoteID(publishedURL)
            try db.execute(sql: """
                UPDATE delivery SET state = 'published', remote_id = ?, remote_url = ?, published_at = ?, needs_check = 0, last_error = NULL,
                    updated_at = ?
                WHERE id = ?
                """, arguments: [remoteID, publishedURL, now.unixMilliseconds, now.unixMilliseconds, id])
            try insertEvent(DeliveryEvents.resolvedByHand(postID: postID, deliveryID: id, account: account, url: publishedURL, at: now), db)
            return try Self.postRecord(id: postID, db)!
        }
    }

    /// Every attempt at every delivery of a post, oldest first.
    package func history(postID: Int64) async throws -> HistoryRecord {
        try await writer.read { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM post WHERE id = ?", arguments: [postID]) != nil else {
                throw PostRefusals.noPost(postID)
            }
            let deliveries = try Row.fetchAll(db, sql: """
                SELECT d.id, d.state, a.network, a.handle FROM delivery d JOIN account a ON a.id = d.account_id
                WHERE d.post_id = ? ORDER BY d.id
                """, arguments: [postID])
            return HistoryRecord(postId: postID, deliveries: try deliveries.map { row in
                let attempts = try Row.fetchAll(db, sql: """
                    SELECT started_at, finished_at, http_status, outcome, error_class, excerpt, part FROM attempt
                    WHERE delivery_id = ? ORDER BY started_at, id
                    """, arguments: [row["id"] as Int64]).map { attempt in
                    HistoryRecord.Attempt(startedAt: Date(unixMilliseconds: attempt["started_at"]), finishedAt: Date(unixMilliseconds: attempt["finished_at"]),
                                        httpStatus: attempt["http_status"], outcome: attempt["outcome"], errorClass: attempt["error_class"],
                                        excerpt: attempt["excerpt"], part: attempt["part"])
                }
                return HistoryRecord.Delivery(id: row["id"], account: "\(row["network"] as String):@\(row["handle"] as String)",
                                            state: DeliveryState(rawValue: row["state"]) ?? .failed, attempts: attempts)
            })
        }
    }

    /// How many parts of a delivery in several parts are not on the network yet (a published post whose first comment failed
    /// has one); 0 for a plain post, whose one part is not recorded apart.
    package static func partsLeft(deliveryID: Int64, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT CASE WHEN d.part_count > 1 THEN d.part_count - (SELECT COUNT(*) FROM delivery_part dp WHERE dp.delivery_id = d.id) ELSE 0 END FROM delivery d WHERE d.id = ?
            """, arguments: [deliveryID]) ?? 0
    }

    /// The delivery as ``RecoveryRules`` judge it.
    package static func recoveryCandidate(id: Int64, _ db: Database) throws -> RecoveryRules.Candidate {
        guard let row = try Row.fetchOne(db, sql: "SELECT post_id, state, account_id FROM delivery WHERE id = ?", arguments: [id]) else {
            throw PostRefusals.noDelivery(id)
        }
        return RecoveryRules.Candidate(id: id, postID: row["post_id"], account: try accountName(id: row["account_id"], db),
                                       state: DeliveryState(rawValue: row["state"]) ?? .failed, partsLeft: try partsLeft(deliveryID: id, db))
    }
}

extension SQLiteStore {
    /// Pauses everything (no account, no network), one account, or one network; resuming with neither lifts every
    /// pause, the accounts' and the networks' too. Paused deliveries are not sent; their lateness limit still runs,
    /// so a long pause ends in `missed` posts rather than a surprise days later.
    package func pause(account reference: String?, network: Network?, paused: Bool, now: Date) async throws -> PauseRecord {
        try await writer.write { db in
            // A resume says what it lifted: what was paused before it and is not after.
            let before = paused ? nil : try Self.pauseRecord(db)
            switch try PauseScope(account: reference, network: network, paused: paused) {
            case .network(let network):
                try Self.setNetworkPause(network, paused: paused, now: now, db)
            case .account(let reference):
                let account = try Self.resolveAccount(reference, db)
                try db.execute(sql: "UPDATE account SET paused = ?, updated_at = ? WHERE id = ?", arguments: [paused, now.unixMilliseconds, account.id])
            case .everything:
                try db.execute(sql: "INSERT OR REPLACE INTO setting (name, value) VALUES ('paused', ?)", arguments: [RFC3339.format(now)])
            case .everyPause:
                try db.execute(sql: "DELETE FROM setting WHERE name = 'paused'")
                try db.execute(sql: "DELETE FROM network_pause")
                try db.execute(sql: "UPDATE account SET paused = 0, updated_at = ? WHERE paused = 1", arguments: [now.unixMilliseconds])
            }
            let after = try Self.pauseRecord(db)
            return before.map(after.lifted(since:)) ?? after
        }
    }

    package static func pauseRecord(_ db: Database) throws -> PauseRecord {
        let accounts = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT network, handle FROM account WHERE paused = 1 AND status != 'revoked' ORDER BY network, handle
            """))
            .map { "\($0["network"] as String):@\($0["handle"] as String)" }
        return PauseRecord(everything: try isPausedEverywhere(db), accounts: accounts, networks: try networkPauses(db))
    }

    package static func isPausedEverywhere(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM setting WHERE name = 'paused'")) != nil
    }

    /// Deliveries a rate-limit budget holds back, and when they go out.
    package static func throttleRecord(_ db: Database, now: Date) throws -> ThrottleRecord? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) AS n, MIN(throttled_until) AS first, MAX(throttled_until) AS last FROM delivery INDEXED BY delivery_throttled
            WHERE state IN ('scheduled', 'retrying') AND throttled_until IS NOT NULL AND throttled_until > ?
            """), arguments: [now.unixMilliseconds]), let count = row["n"] as Int?, count > 0 else { return nil }
        return ThrottleRecord(deliveries: count, from: Date(unixMilliseconds: row["first"]), until: Date(unixMilliseconds: row["last"]))
    }
}
