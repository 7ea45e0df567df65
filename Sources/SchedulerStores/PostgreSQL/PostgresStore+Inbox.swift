import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresSchema {
    /// What SQLite's v19 adds: the files the inbox folder took, by their SHA-256.
    package static let v15 = """
        CREATE TABLE inbox_file (
            sha256 TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('taking', 'posted', 'failed')),
            holder TEXT,
            held_until BIGINT NOT NULL DEFAULT 0,
            post_id BIGINT REFERENCES post (id) ON DELETE SET NULL,
            error TEXT,
            arrived_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            seen_again INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX inbox_file_by_update ON inbox_file (updated_at);
        """
}

extension PostgresStore: InboxStore {
    /// Several daemons may watch copies of one folder (each machine's synced copy): the row is the one place that says
    /// which takes a file. A row another daemon holds is taken over only once its lease (on the database's clock) has
    /// passed, so a daemon that stopped mid-file does not keep it for ever. The row lock (`FOR UPDATE`) orders two
    /// daemons claiming at once.
    package func claimInboxFile(_ claim: InboxFileClaim, leaseSeconds: Int, now: Date) async throws -> InboxClaimResult {
        try await write { session in
            let ms = databaseMilliseconds(now)
            let until = ms + Int64(leaseSeconds) * 1_000
            let inserted = try await session.rows("""
                INSERT INTO inbox_file (sha256, name, state, holder, held_until, arrived_at, updated_at)
                VALUES (\(claim.sha256), \(claim.name), 'taking', \(claim.holder), \(until), \(ms), \(ms))
                ON CONFLICT (sha256) DO NOTHING RETURNING sha256
                """)
            if !inserted.isEmpty { return .taken }
            let row = try await session.row("SELECT name, state, holder, held_until, post_id FROM inbox_file WHERE sha256 = \(claim.sha256) FOR UPDATE")!
            let state: String = try row["state"]
            if state == "posted" {
                let postID: Int64? = try row["post_id"]
                let firstName: String = try row["name"]
                try await session.execute("UPDATE inbox_file SET seen_again = seen_again + 1, updated_at = \(ms) WHERE sha256 = \(claim.sha256)")
                try await insertEvent(InboxRecord.skippedEvent(claim, postID: postID, firstName: firstName, at: now), session)
                return .postedBefore(postID: postID, name: firstName)
            }
            let holder: String? = try row["holder"]
            let heldUntil: Int64 = try row["held_until"]
            if state == "taking", holder != claim.holder, heldUntil > ms { return .heldElsewhere }
            try await session.execute("""
                UPDATE inbox_file SET name = \(claim.name), state = 'taking', holder = \(claim.holder), held_until = \(until), error = NULL,
                    updated_at = \(ms) WHERE sha256 = \(claim.sha256)
                """)
            return .taken
        }
    }

    package func failInboxFile(_ claim: InboxFileClaim, reason: String, now: Date) async throws {
        try await write { session in
            let updated = try await session.rows("""
                UPDATE inbox_file SET state = 'failed', error = \(reason), holder = NULL, updated_at = \(databaseMilliseconds(now))
                WHERE sha256 = \(claim.sha256) AND state = 'taking' AND holder = \(claim.holder) RETURNING sha256
                """)
            guard !updated.isEmpty else { throw InboxRecord.notHeld(claim) }
            try await insertEvent(InboxRecord.failedEvent(claim, reason: reason, at: now), session)
        }
    }

    package func inboxFiles(limit: Int) async throws -> [InboxFileRecord] {
        try await read { session in
            try await session.rows("""
                SELECT sha256, name, state, post_id, error, arrived_at, updated_at, seen_again FROM inbox_file
                ORDER BY updated_at DESC, sha256 LIMIT \(Int64(limit))
                """).map { row in
                InboxFileRecord(sha256: try row["sha256"], name: try row["name"], state: try row["state"], postId: try row["post_id"],
                              error: try row["error"], arrivedAt: Date(unixMilliseconds: try row["arrived_at"]),
                              updatedAt: Date(unixMilliseconds: try row["updated_at"]), seenAgain: Int(try row["seen_again"] as Int32))
            }
        }
    }

    /// In the post's own transaction: the file's row says it became this post; a row no longer this holder's refuses
    /// the whole post.
    package func markInboxFilePosted(_ post: NewPost, postID: Int64, now: Date, _ session: PostgresSession) async throws {
        guard let claim = post.inboxFile else { return }
        let updated = try await session.rows("""
            UPDATE inbox_file SET state = 'posted', post_id = \(postID), holder = NULL, updated_at = \(databaseMilliseconds(now))
            WHERE sha256 = \(claim.sha256) AND state = 'taking' AND holder = \(claim.holder) RETURNING sha256
            """)
        guard !updated.isEmpty else { throw InboxRecord.notHeld(claim) }
        try await insertEvent(InboxRecord.postedEvent(claim, postID: postID, draft: post.time == nil, at: now), session)
    }
}
