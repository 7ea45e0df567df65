import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore: SeriesStore {
    package func insertSeries(_ series: NewSeries, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            let first = try Self.insertSeriesRows(series, now: now, db)
            return try Self.postRecord(id: first, db)!
        }
    }

    /// The series and its occurrences; the first occurrence's id. Within the caller's transaction.
    package static func insertSeriesRows(_ series: NewSeries, now: Date, _ db: Database) throws -> Int64 {
        guard let time = series.first.time else { throw SeriesRefusals.firstNeedsTime() }
        let ms = now.unixMilliseconds
        let last = series.later.last
        try db.execute(sql: """
            INSERT INTO series (rule, first_local, zone, text, overrides, template_post_id, created_through, last_due_at, ended,
                                created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)
            """, arguments: [series.rule, series.start.wallClock, series.start.zoneIdentifier, series.text, SeriesOverrides.encode(series.overrides),
                             last?.index ?? series.firstIndex, (last?.time.instant ?? time.instant).unixMilliseconds, series.ended, ms, ms])
        let seriesID = db.lastInsertedRowID
        let template = try insertPostRows(series.first, series: (seriesID, series.firstIndex), now: now, db)
        try db.execute(sql: "UPDATE series SET template_post_id = ? WHERE id = ?", arguments: [template, seriesID])
        try insertOccurrences(series.later, seriesID: seriesID, template: template, now: now, db)
        return template
    }

    package func openSeries() async throws -> [SeriesRecord] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM series INDEXED BY series_open WHERE ended = 0 ORDER BY last_due_at").compactMap { row in
                guard let first = ScheduleTime(placing: row["first_local"], in: row["zone"]) else { return nil }
                return SeriesRecord(id: row["id"], templatePostID: row["template_post_id"], rule: row["rule"], first: first, text: row["text"],
                                    overrides: SeriesOverrides.decode(row["overrides"]), createdThrough: row["created_through"],
                                    lastDue: Date(unixMilliseconds: row["last_due_at"]))
            }
        }
    }

    package func extendSeries(id: Int64, after createdThrough: Int, occurrences: [SeriesOccurrence], ended: Bool, now: Date) async throws {
        try await writer.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT template_post_id, created_through, ended FROM series WHERE id = ?", arguments: [id]),
                  row["created_through"] as Int == createdThrough, !(row["ended"] as Bool) else { return }
            try Self.insertOccurrences(occurrences, seriesID: id, template: row["template_post_id"], now: now, db)
            try db.execute(sql: """
                UPDATE series SET created_through = ?, last_due_at = COALESCE(?, last_due_at), ended = ?, updated_at = ? WHERE id = ?
                """, arguments: [occurrences.last?.index ?? createdThrough, occurrences.last?.time.instant.unixMilliseconds, ended,
                                 now.unixMilliseconds, id])
        }
    }

    /// Which occurrences were changed on their own (issue 47): a series edit leaves them as they are.
    package static func migrateV22(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE post ADD COLUMN edited_alone BOOLEAN NOT NULL DEFAULT 0")
    }

    package func editSeriesText(seriesID: Int64, template: String, texts: [Int64: String], now: Date) async throws {
        try await writer.write { db in
            let ms = now.unixMilliseconds
            try db.execute(sql: "UPDATE series SET text = ?, updated_at = ? WHERE id = ?", arguments: [template, ms, seriesID])
            guard db.changesCount == 1 else { throw SeriesRefusals.noSeries(seriesID) }
            for (postID, text) in texts {
                try db.execute(sql: """
                    UPDATE post SET text = ?, updated_at = ? WHERE id = ? AND series_id = ?
                      AND NOT EXISTS (SELECT 1 FROM delivery WHERE post_id = post.id AND state != 'scheduled')
                    """, arguments: [text, ms, postID, seriesID])
                guard db.changesCount == 1 else { throw SeriesRefusals.started(postID) }
                try Self.refreshTextKeys(postID: postID, db)
            }
        }
    }

    package func cancelSeries(ofPost postID: Int64, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            guard try Self.postRecord(id: postID, db) != nil else { throw PostRefusals.noPost(postID) }
            guard let seriesID = try Int64.fetchOne(db, sql: "SELECT series_id FROM post WHERE id = ?", arguments: [postID]) else {
                throw SeriesRefusals.notInSeries(postID)
            }
            let ms = now.unixMilliseconds
            try db.execute(sql: "UPDATE series SET ended = 1, updated_at = ? WHERE id = ?", arguments: [ms, seriesID])
            try db.execute(sql: """
                UPDATE delivery SET state = 'cancelled', updated_at = ?
                WHERE state IN ('draft', 'scheduled', 'retrying') AND post_id IN (SELECT id FROM post WHERE series_id = ?)
                """, arguments: [ms, seriesID])
            return try Self.postRecord(id: postID, db)!
        }
    }

    /// Each occurrence as a post with the template's accounts and media, its own time and texts.
    private static func insertOccurrences(_ occurrences: [SeriesOccurrence], seriesID: Int64, template: Int64, now: Date, _ db: Database) throws {
        guard !occurrences.isEmpty else { return }
        guard let source = try Row.fetchOne(db, sql: "SELECT lateness_limit_s, source, options FROM post WHERE id = ?", arguments: [template]) else {
            throw SeriesRefusals.firstPostGone(seriesID)
        }
        let accounts = try Int64.fetchAll(db, sql: "SELECT account_id FROM delivery WHERE post_id = ? ORDER BY id", arguments: [template])
        let media = try mediaItems(postIDs: [template], db)[template] ?? []
        let options = PostOptions(json: source["options"])
        for occurrence in occurrences {
            var post = NewPost(text: occurrence.text, time: occurrence.time, latenessLimitSeconds: source["lateness_limit_s"], source: source["source"],
                               targets: accounts.map { NewPost.Target(accountID: $0, textOverride: occurrence.overrides[$0]) }, media: media)
            post.options = options
            _ = try insertPostRows(post, series: (seriesID, occurrence.index), now: now, db)
        }
    }
}
