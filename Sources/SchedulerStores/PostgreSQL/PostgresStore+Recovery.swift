import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// Sends deliveries of one post again (``RecoveryRules``): each goes back in line now, with a fresh lateness window
    /// counted from now, all in one transaction; a lateness limit under ``LatenessLimit/minimumSeconds`` is raised to it.
    /// Every daemon hears of the new due time.
    package func retryDeliveries(ids: [Int64], force: Bool, now: Date) async throws -> PostRecord {
        try await write { session in
            var candidates: [RecoveryRules.Candidate] = []
            for id in ids { candidates.append(try await Self.recoveryCandidate(id: id, session)) }
            let postID = try RecoveryRules.checkRetry(candidates, force: force)
            let ms = databaseMilliseconds(now)
            try await session.execute("""
                UPDATE delivery SET state = 'scheduled', attempt_count = 0, next_attempt_at = \(ms), retry_requested_at = \(ms),
                    needs_check = false, first_claimed_at = NULL, throttled_until = NULL, last_error = NULL, updated_at = \(ms)
                WHERE id = ANY(\(ids))
                """)
            // A limit stored before the minimum existed (`0s`) would miss the retry too.
            try await session.execute("UPDATE post SET lateness_limit_s = GREATEST(lateness_limit_s, \(LatenessLimit.minimumSeconds)) WHERE id = \(postID)")
            try await session.notifyDueTimesChanged()
            return try await Self.postRecord(id: postID, session)!
        }
    }

    /// The person found the post on the network: an `unknown`, `failed` or `missed` delivery becomes `published` with its URL.
    package func resolveDelivery(id: Int64, publishedURL: String, now: Date) async throws -> PostRecord {
        try await write { session in
            let candidate = try await Self.recoveryCandidate(id: id, session)
            try RecoveryRules.checkResolve(candidate)
            let (postID, account) = (candidate.postID, candidate.account)
            let remoteID = RecoveryRules.resolvedRemoteID(publishedURL)
            let ms = databaseMilliseconds(now)
            try await session.execute("""
                UPDATE delivery SET state = 'published', remote_id = \(remoteID), remote_url = \(publishedURL), published_at = \(ms),
                    needs_check = false, last_error = NULL, updated_at = \(ms)
                WHERE id = \(id)
                """)
            try await insertEvent(DeliveryEvents.resolvedByHand(postID: postID, deliveryID: id, account: account, url: publishedURL, at: now), session)
            return try await Self.postRecord(id: postID, session)!
        }
    }

    /// Every attempt at every delivery of a post, oldest first.
    package func history(postID: Int64) async throws -> HistoryRecord {
        try await read { session in
            guard try await session.row("SELECT 1 FROM post WHERE id = \(postID)") != nil else {
                throw PostRefusals.noPost(postID)
            }
            let deliveries = try await session.rows("""
                SELECT d.id, d.state, a.network, a.handle FROM delivery d JOIN account a ON a.id = d.account_id
                WHERE d.post_id = \(postID) ORDER BY d.id
                """)
            var views: [HistoryRecord.Delivery] = []
            for row in deliveries {
                let deliveryID: Int64 = try row["id"]
                let attempts = try await session.rows("""
                    SELECT started_at, finished_at, http_status, outcome, error_class, excerpt, part FROM attempt
                    WHERE delivery_id = \(deliveryID) ORDER BY started_at, id
                    """).map { attempt in
                    HistoryRecord.Attempt(startedAt: Date(unixMilliseconds: try attempt["started_at"]),
                                        finishedAt: Date(unixMilliseconds: try attempt["finished_at"]),
                                        httpStatus: (try attempt["http_status"] as Int32?).map(Int.init), outcome: try attempt["outcome"],
                                        errorClass: try attempt["error_class"], excerpt: try attempt["excerpt"],
                                        part: (try attempt["part"] as Int32?).map(Int.init))
                }
                views.append(HistoryRecord.Delivery(id: deliveryID, account: "\(try row["network"] as String):@\(try row["handle"] as String)",
                                                  state: DeliveryState(rawValue: try row["state"]) ?? .failed, attempts: attempts))
            }
            return HistoryRecord(postId: postID, deliveries: views)
        }
    }

    /// The delivery as ``RecoveryRules`` judge it, its row locked until the caller's transaction ends (a daemon's
    /// claim or handoff follow-up waits for it, or skips it).
    package static func recoveryCandidate(id: Int64, _ session: PostgresSession) async throws -> RecoveryRules.Candidate {
        guard let row = try await session.row("SELECT post_id, state, account_id FROM delivery WHERE id = \(id) FOR UPDATE") else {
            throw PostRefusals.noDelivery(id)
        }
        return RecoveryRules.Candidate(id: id, postID: try row["post_id"], account: try await accountName(id: try row["account_id"], session),
                                       state: DeliveryState(rawValue: try row["state"]) ?? .failed,
                                       partsLeft: try await partsLeft(deliveryID: id, session))
    }
}

extension PostgresStore {
    /// Pauses everything (no account, no network), one account, or one network; resuming with neither lifts every
    /// pause, the accounts' and the networks' too. Paused deliveries are not sent; their lateness limit still runs,
    /// so a long pause ends in `missed` posts rather than a surprise days later. A resume wakes every daemon.
    package func pause(account reference: String?, network: Network?, paused: Bool, now: Date) async throws -> PauseRecord {
        try await write { session in
            let ms = databaseMilliseconds(now)
            // A resume says what it lifted: what was paused before it and is not after.
            let before = paused ? nil : try await Self.pauseRecord(session)
            switch try PauseScope(account: reference, network: network, paused: paused) {
            case .network(let network):
                // Lifting a network's pause notifies by itself.
                try await Self.setNetworkPause(network, paused: paused, now: ms, session)
            case .account(let reference):
                let account = try await Self.resolveAccount(reference, session)
                try await session.execute("UPDATE account SET paused = \(paused), updated_at = \(ms) WHERE id = \(account.id)")
                if !paused { try await session.notifyDueTimesChanged() }
            case .everything:
                try await session.execute("""
                    INSERT INTO setting (name, value) VALUES ('paused', \(RFC3339.format(now)))
                    ON CONFLICT (name) DO UPDATE SET value = excluded.value
                    """)
            case .everyPause:
                try await session.execute("DELETE FROM setting WHERE name = 'paused'")
                try await session.execute("DELETE FROM network_pause")
                try await session.execute("UPDATE account SET paused = false, updated_at = \(ms) WHERE paused")
                try await session.notifyDueTimesChanged()
            }
            let after = try await Self.pauseRecord(session)
            return before.map(after.lifted(since:)) ?? after
        }
    }

    package static func pauseRecord(_ session: PostgresSession) async throws -> PauseRecord {
        let accounts = try await session.rows("""
            SELECT network, handle FROM account WHERE paused AND status != 'revoked' ORDER BY network, handle COLLATE "C"
            """).map { "\(try $0["network"] as String):@\(try $0["handle"] as String)" }
        return PauseRecord(everything: try await isPausedEverywhere(session), accounts: accounts, networks: try await networkPauses(session))
    }

    /// Deliveries a rate-limit budget holds back, and when they go out; `now` in database milliseconds.
    package static func throttleRecord(_ session: PostgresSession, now: Int64) async throws -> ThrottleRecord? {
        guard let row = try await session.row("""
            SELECT count(*) AS n, min(throttled_until) AS first_at, max(throttled_until) AS last_at FROM delivery
            WHERE state IN ('scheduled', 'retrying') AND throttled_until IS NOT NULL AND throttled_until > \(now)
            """) else { return nil }
        let count: Int64 = try row["n"]
        guard count > 0 else { return nil }
        return ThrottleRecord(deliveries: Int(count), from: Date(unixMilliseconds: try row["first_at"]),
                            until: Date(unixMilliseconds: try row["last_at"]))
    }
}
