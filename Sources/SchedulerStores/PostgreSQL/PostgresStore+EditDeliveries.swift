import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// `edit`'s per-account texts, media and targets, inside the edit's transaction, the post's deliveries locked
    /// (``EditGuard`` has allowed them). `ms` is the database's time for `updated_at`.
    package static func applyDeliveryChanges(_ change: PostChange, to post: PostRecord, now ms: Int64, _ session: PostgresSession) async throws {
        for (accountID, text) in change.overrides {
            try await session.execute("""
                UPDATE delivery SET text_override = \(text), updated_at = \(ms) WHERE post_id = \(post.id) AND account_id = \(accountID)
                """)
        }
        for accountID in change.removeAccountIDs {
            let attempted = try await session.value("""
                SELECT EXISTS (SELECT 1 FROM attempt t JOIN delivery d ON d.id = t.delivery_id
                               WHERE d.post_id = \(post.id) AND d.account_id = \(accountID))
                """, as: Bool.self) ?? false
            if attempted {
                throw PostRefusals.attemptedDeliveryStays(postID: post.id, accountID: accountID)
            }
            try await session.execute("DELETE FROM delivery WHERE post_id = \(post.id) AND account_id = \(accountID)")
        }
        // A due time is stored as given; a draft's deliveries wait at 0, as when it was stored.
        let due = post.dueAt?.unixMilliseconds ?? 0
        let state = EditGuard(post: post, change: change).addedState
        for target in change.addTargets {
            try await session.execute("""
                INSERT INTO delivery (post_id, account_id, text_override, state, next_attempt_at, updated_at, first_comment, part_count, post_due_at)
                VALUES (\(post.id), \(target.accountID), \(target.textOverride), \(state.rawValue), \(due), \(ms), \(target.firstComment),
                        \(Int32(target.partCount(threadParts: 0))), \(due))
                """)
        }
        if let media = change.media {
            try await session.execute("DELETE FROM post_media WHERE post_id = \(post.id)")
            for (position, item) in media.enumerated() {
                try await session.execute("""
                    INSERT INTO post_media (post_id, position, sha256, kind, content_type, size, width, height, alt, path, part)
                    VALUES (\(post.id), \(Int32(clamping: position)), \(item.sha256), \(item.kind.rawValue), \(item.contentType),
                            \(Int64(item.size)), \(item.width.map { Int32(clamping: $0) }), \(item.height.map { Int32(clamping: $0) }),
                            \(item.alt), \(item.path), \(Int32(1)))
                    """)
            }
        }
        if !change.addTargets.isEmpty { try await session.notifyDueTimesChanged() }
        if let options = change.options {
            try await session.execute("UPDATE post SET options = \(options.json) WHERE id = \(post.id)")
        }
        if let comment = change.firstComment {
            // The comment is the delivery's last part: its count is the post, the thread's replies and the comment.
            try await session.execute("""
                UPDATE delivery SET first_comment = \(comment.isEmpty ? nil : comment), updated_at = \(ms),
                    part_count = 1 + (SELECT COUNT(*) FROM post_part WHERE post_id = delivery.post_id) + \(Int32(comment.isEmpty ? 0 : 1))
                WHERE post_id = \(post.id)
                """)
        }
        if change.touchesEveryDelivery || !change.touchedAccountIDs.isEmpty {
            try await session.execute("UPDATE post SET updated_at = \(ms) WHERE id = \(post.id)")
        }
    }
}
