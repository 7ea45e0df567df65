import Connectors
import Foundation
import GRDB
import SchedulerCore

/// A delivery the engine has claimed: committed as `publishing` before any request is sent.
public struct ClaimedDelivery: Sendable, Equatable {
    public var deliveryID: Int64
    public var postID: Int64
    public var accountID: Int64
    public var network: Network
    public var handle: String
    public var text: String
    public var dueAt: Date
    /// 1 for the first attempt.
    public var attempt: Int
    /// The account's id at the network (Page id, member URN, IG user id).
    public var accountRemoteID: String = ""
    /// An Instagram account that publishes by handoff.
    public var handoff: Bool = false
    public var media: [MediaItem] = []
}

/// One try at publishing, as it is logged for `history`.
public struct AttemptRecord: Sendable {
    public var startedAt: Date
    public var finishedAt: Date
    public var httpStatus: Int?
    public var outcome: String
    public var errorClass: String?
    public var excerpt: String?

    public init(startedAt: Date, finishedAt: Date, httpStatus: Int?, outcome: String, errorClass: String? = nil, excerpt: String? = nil) {
        self.startedAt = startedAt; self.finishedAt = finishedAt; self.httpStatus = httpStatus
        self.outcome = outcome; self.errorClass = errorClass; self.excerpt = excerpt
    }
}

extension Store {
    /// The earliest time a waiting delivery to an active account is due, read from the partial index.
    /// `INDEXED BY` because, without statistics, SQLite prefers `delivery_by_state` and sorts every waiting delivery.
    public func nextDueTime() async throws -> Date? {
        try await writer.read { db in
            try Int64.fetchOne(db, sql: """
                SELECT d.next_attempt_at FROM delivery d INDEXED BY delivery_due JOIN account a ON a.id = d.account_id
                WHERE d.state IN ('scheduled', 'retrying') AND a.status = 'active'
                ORDER BY d.next_attempt_at LIMIT 1
                """).map(Date.init(unixMilliseconds:))
        }
    }

    /// Marks as `missed` what is past its lateness limit, then claims up to `limit` due deliveries in the
    /// same transaction, so no other worker or restart can send them twice.
    public func claimDue(now: Date, limit: Int) async throws -> (claimed: [ClaimedDelivery], missed: Int) {
        try await writer.write { db in
            let ms = now.unixMilliseconds
            // No delivery goes out later than its due time plus its lateness limit: not after downtime,
            // not after retries, not after an account was relinked days later.
            try db.execute(sql: """
                UPDATE delivery SET state = 'missed', updated_at = :now,
                    last_error = 'not published within its lateness limit' || COALESCE(' (last error: ' || last_error || ')', '')
                WHERE id IN (SELECT d.id FROM delivery d INDEXED BY delivery_due JOIN post p ON p.id = d.post_id
                             WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= :now
                               AND p.due_at + p.lateness_limit_s * 1000 < :now)
                """, arguments: ["now": ms])
            let missed = db.changesCount
            let ids = try Int64.fetchAll(db, sql: """
                UPDATE delivery SET state = 'publishing', claimed_at = :now, attempt_count = attempt_count + 1, updated_at = :now
                WHERE id IN (SELECT d.id FROM delivery d INDEXED BY delivery_due JOIN account a ON a.id = d.account_id
                             WHERE d.state IN ('scheduled', 'retrying') AND d.next_attempt_at <= :now AND a.status = 'active'
                             ORDER BY d.next_attempt_at LIMIT :limit)
                RETURNING id
                """, arguments: ["now": ms, "limit": limit])
            guard !ids.isEmpty else { return ([], missed) }
            let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            let claimed = try Row.fetchAll(db, sql: """
                SELECT d.id, d.post_id, d.account_id, d.attempt_count, COALESCE(d.text_override, p.text) AS text, p.due_at,
                       a.network, a.handle, a.remote_id, a.auth_kind
                FROM delivery d JOIN post p ON p.id = d.post_id JOIN account a ON a.id = d.account_id
                WHERE d.id IN (\(placeholders)) ORDER BY d.next_attempt_at
                """, arguments: StatementArguments(ids)).map { row in
                ClaimedDelivery(deliveryID: row["id"], postID: row["post_id"], accountID: row["account_id"],
                                network: Network(rawValue: row["network"]) ?? .x, handle: row["handle"], text: row["text"],
                                dueAt: Date(unixMilliseconds: row["due_at"]), attempt: row["attempt_count"],
                                accountRemoteID: row["remote_id"], handoff: row["auth_kind"] == "none")
            }
            let media = try Self.mediaItems(postIDs: Array(Set(claimed.map(\.postID))), db)
            return (claimed.map { var claim = $0; claim.media = media[claim.postID] ?? []; return claim }, missed)
        }
    }

    public func recordPublished(_ claim: ClaimedDelivery, attempt: AttemptRecord, remoteID: String, remoteURL: String?) async throws {
        try await writer.write { db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.execute(sql: """
                UPDATE delivery SET state = 'published', remote_id = ?, remote_url = ?, published_at = ?, last_error = NULL,
                    claimed_at = NULL, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [remoteID, remoteURL, attempt.finishedAt.unixMilliseconds, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
        }
    }

    /// Puts the delivery back in line for `nextAttempt`.
    public func recordRetry(_ claim: ClaimedDelivery, attempt: AttemptRecord, nextAttempt: Date, error: String) async throws {
        try await writer.write { db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.execute(sql: """
                UPDATE delivery SET state = 'retrying', next_attempt_at = ?, last_error = ?, claimed_at = NULL, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [nextAttempt.unixMilliseconds, error, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
        }
    }

    /// Ends the delivery as `failed` (the network refused it) or `unknown` (it may have been published).
    public func recordFinalFailure(_ claim: ClaimedDelivery, attempt: AttemptRecord, state: DeliveryState, error: String) async throws {
        precondition(state == .failed || state == .unknown)
        try await writer.write { db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.execute(sql: """
                UPDATE delivery SET state = ?, last_error = ?, claimed_at = NULL, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [state.rawValue, error, attempt.finishedAt.unixMilliseconds, claim.deliveryID])
        }
    }

    /// Gives a claim back untouched (shutdown before any request was sent).
    public func releaseClaim(_ claim: ClaimedDelivery, now: Date = Date()) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                UPDATE delivery SET state = CASE WHEN attempt_count > 1 THEN 'retrying' ELSE 'scheduled' END,
                    attempt_count = attempt_count - 1, claimed_at = NULL, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [now.unixMilliseconds, claim.deliveryID])
        }
    }

    /// At start: claims left by a daemon that died mid-request may have been published, so they become
    /// `unknown` instead of being sent again.
    public func markInterruptedClaimsUnknown(now: Date = Date()) async throws -> Int {
        try await writer.write { db in
            try db.execute(sql: """
                UPDATE delivery SET state = 'unknown', claimed_at = NULL, updated_at = ?,
                    last_error = 'schedulerd stopped while this was being published; check the network before retrying'
                WHERE state = 'publishing'
                """, arguments: [now.unixMilliseconds])
            return db.changesCount
        }
    }

    /// An attempt is a fact about the network (a request went out), so it is logged even when the
    /// delivery's state was changed meanwhile; only the state transitions are guarded.
    static func insertAttempt(_ deliveryID: Int64, _ attempt: AttemptRecord, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO attempt (delivery_id, started_at, finished_at, http_status, outcome, error_class, excerpt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [deliveryID, attempt.startedAt.unixMilliseconds, attempt.finishedAt.unixMilliseconds,
                             attempt.httpStatus, attempt.outcome, attempt.errorClass, attempt.excerpt])
    }
}

extension Store {
    /// The network refused the account's credentials: the account waits for a relink, and the delivery
    /// stays in line (it goes out once the account is active again, within its lateness limit).
    public func recordNeedsRelink(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws {
        try await writer.write { db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            let ms = attempt.finishedAt.unixMilliseconds
            try db.execute(sql: """
                UPDATE delivery SET state = 'retrying', next_attempt_at = ?, last_error = ?, claimed_at = NULL, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [ms, "waiting for the account to be relinked: \(error)", ms, claim.deliveryID])
            try db.execute(sql: "UPDATE account SET status = 'needs_relink', status_reason = ?, updated_at = ? WHERE id = ? AND status = 'active'",
                           arguments: [error, ms, claim.accountID])
        }
    }
}
