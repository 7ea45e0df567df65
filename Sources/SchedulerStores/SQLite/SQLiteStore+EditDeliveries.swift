import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// `edit`'s per-account texts, media and targets, inside the edit's transaction (``EditGuard`` has allowed them).
    package static func applyDeliveryChanges(_ change: PostChange, to post: PostRecord, now ms: Int64, _ db: Database) throws {
        for (accountID, text) in change.overrides {
            try db.execute(sql: "UPDATE delivery SET text_override = ?, updated_at = ? WHERE post_id = ? AND account_id = ?",
                           arguments: [text, ms, post.id, accountID])
        }
        for accountID in change.removeAccountIDs {
            let attempted = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM attempt t JOIN delivery d ON d.id = t.delivery_id WHERE d.post_id = ? AND d.account_id = ?)
                """, arguments: [post.id, accountID]) ?? false
            if attempted {
                throw PostRefusals.attemptedDeliveryStays(postID: post.id, accountID: accountID)
            }
            try db.execute(sql: "DELETE FROM delivery WHERE post_id = ? AND account_id = ?", arguments: [post.id, accountID])
        }
        let due = post.dueAt?.unixMilliseconds ?? 0  // a draft's deliveries wait at 0, as when it was stored
        let state = EditGuard(post: post, change: change).addedState
        for target in change.addTargets {
            try db.execute(sql: """
                INSERT INTO delivery (post_id, account_id, text_override, state, next_attempt_at, updated_at, first_comment, part_count, post_due_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [post.id, target.accountID, target.textOverride, state.rawValue, due, ms, target.firstComment,
                                 target.partCount(threadParts: 0), due])
        }
        if let media = change.media {
            try db.execute(sql: "DELETE FROM post_media WHERE post_id = ?", arguments: [post.id])
            for (position, item) in media.enumerated() {
                try db.execute(sql: """
                    INSERT INTO post_media (post_id, position, sha256, kind, content_type, size, width, height, alt, path, part)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                    """, arguments: [post.id, position, item.sha256, item.kind.rawValue, item.contentType, item.size,
                                     item.width, item.height, item.alt, item.path])
            }
        }
        if let options = change.options {
            try db.execute(sql: "UPDATE post SET options = ? WHERE id = ?", arguments: [options.json, post.id])
        }
        if let comment = change.firstComment {
            // The comment is the delivery's last part: its count is the post, the thread's replies and the comment.
            try db.execute(sql: """
                UPDATE delivery SET first_comment = ?, updated_at = ?,
                    part_count = 1 + (SELECT COUNT(*) FROM post_part WHERE post_id = delivery.post_id) + ?
                WHERE post_id = ?
                """, arguments: [comment.isEmpty ? nil : comment, ms, comment.isEmpty ? 0 : 1, post.id])
        }
        if change.touchesEveryDelivery || !change.touchedAccountIDs.isEmpty {
            try db.execute(sql: "UPDATE post SET updated_at = ? WHERE id = ?", arguments: [ms, post.id])
        }
    }
}
