import Foundation
import NetworkRules
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// Gives a draft its time: its deliveries become `scheduled`, due then, with `media` as its files when given, and
    /// every daemon hears of it.
    package func scheduleDraft(id: Int64, time: ScheduleTime, queued: Bool, media: [MediaItem]?, now: Date) async throws -> PostRecord {
        try await write { session in
            guard let current = try await Self.postRecord(id: id, session) else { throw PostRefusals.noPost(id) }
            let states = try await session.rows("SELECT state FROM delivery WHERE post_id = \(id) ORDER BY id FOR UPDATE")
                .map { try $0["state"] as String }
            let distinct = Array(Set(states)).sorted()
            guard distinct == [DeliveryState.draft.rawValue] else { throw PostRefusals.notADraft(id, state: distinct.joined(separator: ", ")) }
            let ms = databaseMilliseconds(now)
            // A due time a person chose is stored as it is (see insertPost).
            let due = time.instant.unixMilliseconds
            if queued {
                let accounts = try await session.rows("SELECT account_id FROM delivery WHERE post_id = \(id)").map { try $0["account_id"] as Int64 }
                try await Self.ensureSlotIsFree(due, accountIDs: accounts, session)
            }
            if let media {
                var change = PostChange()
                change.media = media
                try await Self.applyDeliveryChanges(change, to: current, now: ms, session)
            }
            try await session.execute("""
                UPDATE post SET due_at = \(due), due_zone = \(time.zoneIdentifier), due_local = \(time.wallClock), queued = \(queued),
                    updated_at = \(ms)
                WHERE id = \(id)
                """)
            try await session.execute("""
                UPDATE delivery SET state = 'scheduled', next_attempt_at = \(due), updated_at = \(ms) WHERE post_id = \(id) AND state = 'draft'
                """)
            try await session.notifyDueTimesChanged()
            return try await Self.postRecord(id: id, session)!
        }
    }

    /// A new draft with the post's text, thread, media, accounts, per-account texts and first comments, whatever became of the post.
    package func duplicatePost(id: Int64, now: Date) async throws -> PostRecord {
        try await write { session in
            guard try await Self.postRecord(id: id, session) != nil else { throw PostRefusals.noPost(id) }
            let ms = databaseMilliseconds(now)
            let copy = try await session.value("""
                INSERT INTO post (text, due_at, due_zone, due_local, lateness_limit_s, source, created_at, updated_at, options)
                SELECT text, 0, due_zone, '', lateness_limit_s, source, \(ms), \(ms), options FROM post WHERE id = \(id)
                RETURNING id
                """, as: Int64.self)!
            try await session.execute("""
                INSERT INTO post_media (post_id, position, sha256, kind, content_type, size, width, height, alt, path, part)
                SELECT \(copy), position, sha256, kind, content_type, size, width, height, alt, path, part FROM post_media WHERE post_id = \(id)
                """)
            try await session.execute("""
                INSERT INTO delivery (post_id, account_id, text_override, state, next_attempt_at, updated_at, first_comment, part_count, post_due_at,
                                      text_key)
                SELECT \(copy), account_id, text_override, 'draft', 0, \(ms), first_comment, part_count, 0, text_key
                FROM delivery WHERE post_id = \(id) ORDER BY id
                """)
            try await session.execute("INSERT INTO post_part (post_id, part, text) SELECT \(copy), part, text FROM post_part WHERE post_id = \(id)")
            return try await Self.postRecord(id: copy, session)!
        }
    }
}
