import Foundation
import GRDB
import NetworkRules
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// Gives a draft its time: its deliveries become `scheduled`, due then, with `media` as its files when given.
    package func scheduleDraft(id: Int64, time: ScheduleTime, queued: Bool, media: [MediaItem]?, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            guard let current = try Self.postRecord(id: id, db) else { throw PostRefusals.noPost(id) }
            let states = try String.fetchAll(db, sql: "SELECT DISTINCT state FROM delivery WHERE post_id = ? ORDER BY state", arguments: [id])
            guard states == [DeliveryState.draft.rawValue] else { throw PostRefusals.notADraft(id, state: states.joined(separator: ", ")) }
            let ms = now.unixMilliseconds
            let due = time.instant.unixMilliseconds
            if queued {
                let accounts = try Int64.fetchAll(db, sql: "SELECT account_id FROM delivery WHERE post_id = ?", arguments: [id])
                try Self.ensureSlotIsFree(due, accountIDs: accounts, db)
            }
            if let media {
                var change = PostChange()
                change.media = media
                try Self.applyDeliveryChanges(change, to: current, now: ms, db)
            }
            try db.execute(sql: "UPDATE post SET due_at = ?, due_zone = ?, due_local = ?, queued = ?, updated_at = ? WHERE id = ?",
                           arguments: [due, time.zoneIdentifier, time.wallClock, queued, ms, id])
            try db.execute(sql: "UPDATE delivery SET state = 'scheduled', next_attempt_at = ?, updated_at = ? WHERE post_id = ? AND state = 'draft'",
                           arguments: [due, ms, id])
            return try Self.postRecord(id: id, db)!
        }
    }

    /// A new draft with the post's text, thread, media, accounts, per-account texts and first comments, whatever became of the post.
    package func duplicatePost(id: Int64, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            guard try Self.postRecord(id: id, db) != nil else { throw PostRefusals.noPost(id) }
            let ms = now.unixMilliseconds
            try db.execute(sql: """
                INSERT INTO post (text, due_at, due_zone, due_local, lateness_limit_s, source, created_at, updated_at, options)
                SELECT text, 0, due_zone, '', lateness_limit_s, source, ?, ?, options FROM post WHERE id = ?
                """, arguments: [ms, ms, id])
            let copy = db.lastInsertedRowID
            try db.execute(sql: """
                INSERT INTO post_media (post_id, position, sha256, kind, content_type, size, width, height, alt, path, part)
                SELECT ?, position, sha256, kind, content_type, size, width, height, alt, path, part FROM post_media WHERE post_id = ?
                """, arguments: [copy, id])
            try db.execute(sql: """
                INSERT INTO delivery (post_id, account_id, text_override, state, next_attempt_at, updated_at, first_comment, part_count, post_due_at,
                                      text_key)
                SELECT ?, account_id, text_override, 'draft', 0, ?, first_comment, part_count, 0, text_key FROM delivery WHERE post_id = ? ORDER BY id
                """, arguments: [copy, ms, id])
            try db.execute(sql: "INSERT INTO post_part (post_id, part, text) SELECT ?, part, text FROM post_part WHERE post_id = ?",
                           arguments: [copy, id])
            return try Self.postRecord(id: copy, db)!
        }
    }
}
