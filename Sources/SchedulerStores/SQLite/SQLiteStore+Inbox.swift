import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore: InboxStore {
    /// v19: the files the inbox folder took, by their SHA-256.
    package static func migrateV19(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE inbox_file (
                sha256 TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('taking', 'posted', 'failed')),
                holder TEXT,
                held_until INTEGER NOT NULL DEFAULT 0,
                post_id INTEGER REFERENCES post (id) ON DELETE SET NULL,
                error TEXT,
                arrived_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                seen_again INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX inbox_file_by_update ON inbox_file (updated_at);
            """)
    }

    /// One daemon uses a SQLite file (the state directory's lock sees to it), so a row another holder left `taking`
    /// was left by an earlier run of this daemon that stopped mid-file: it is taken over at once.
    package func claimInboxFile(_ claim: InboxFileClaim, leaseSeconds: Int, now: Date) async throws -> InboxClaimResult {
        try await writer.write { db in
            let ms = now.unixMilliseconds
            try db.execute(sql: """
                INSERT INTO inbox_file (sha256, name, state, holder, held_until, arrived_at, updated_at) VALUES (?, ?, 'taking', ?, ?, ?, ?)
                ON CONFLICT (sha256) DO NOTHING
                """, arguments: [claim.sha256, claim.name, claim.holder, ms + Int64(leaseSeconds) * 1_000, ms, ms])
            if db.changesCount > 0 { return .taken }
            let row = try Row.fetchOne(db, sql: "SELECT name, state, post_id FROM inbox_file WHERE sha256 = ?", arguments: [claim.sha256])!
            if row["state"] as String == "posted" {
                try db.execute(sql: "UPDATE inbox_file SET seen_again = seen_again + 1, updated_at = ? WHERE sha256 = ?", arguments: [ms, claim.sha256])
                try insertEvent(InboxRecord.skippedEvent(claim, postID: row["post_id"], firstName: row["name"], at: now), db)
                return .postedBefore(postID: row["post_id"], name: row["name"])
            }
            try db.execute(sql: """
                UPDATE inbox_file SET name = ?, state = 'taking', holder = ?, held_until = ?, error = NULL, updated_at = ? WHERE sha256 = ?
                """, arguments: [claim.name, claim.holder, ms + Int64(leaseSeconds) * 1_000, ms, claim.sha256])
            return .taken
        }
    }

    package func failInboxFile(_ claim: InboxFileClaim, reason: String, now: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                UPDATE inbox_file SET state = 'failed', error = ?, holder = NULL, updated_at = ? WHERE sha256 = ? AND state = 'taking' AND holder = ?
                """, arguments: [reason, now.unixMilliseconds, claim.sha256, claim.holder])
            guard db.changesCount > 0 else { throw InboxRecord.notHeld(claim) }
            try insertEvent(InboxRecord.failedEvent(claim, reason: reason, at: now), db)
        }
    }

    package func inboxFiles(limit: Int) async throws -> [InboxFileRecord] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM inbox_file ORDER BY updated_at DESC, sha256 LIMIT ?", arguments: [limit]).map { row in
                InboxFileRecord(sha256: row["sha256"], name: row["name"], state: row["state"], postId: row["post_id"], error: row["error"],
                              arrivedAt: Date(unixMilliseconds: row["arrived_at"]), updatedAt: Date(unixMilliseconds: row["updated_at"]),
                              seenAgain: row["seen_again"])
            }
        }
    }

    /// In the post's own transaction: the file's row says it became this post; a row no longer this holder's refuses
    /// the whole post.
    package func markInboxFilePosted(_ post: NewPost, postID: Int64, now: Date, _ db: Database) throws {
        guard let claim = post.inboxFile else { return }
        try db.execute(sql: """
            UPDATE inbox_file SET state = 'posted', post_id = ?, holder = NULL, updated_at = ? WHERE sha256 = ? AND state = 'taking' AND holder = ?
            """, arguments: [postID, now.unixMilliseconds, claim.sha256, claim.holder])
        guard db.changesCount > 0 else { throw InboxRecord.notHeld(claim) }
        try insertEvent(InboxRecord.postedEvent(claim, postID: postID, draft: post.time == nil, at: now), db)
    }
}
