import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore: SeriesStore {
    package func insertSeries(_ series: NewSeries, now: Date) async throws -> PostRecord {
        try await write { session in
            let first = try await insertSeriesRows(series, now: now, session)
            try await session.notifyDueTimesChanged()
            return try await Self.postRecord(id: first, session)!
        }
    }

    /// The series and its occurrences; the first occurrence's id. Within the caller's transaction.
    package func insertSeriesRows(_ series: NewSeries, now: Date, _ session: PostgresSession) async throws -> Int64 {
        guard let time = series.first.time else { throw SeriesRefusals.firstNeedsTime() }
        let ms = databaseMilliseconds(now)
        let last = series.later.last
        let seriesID = try await session.value("""
            INSERT INTO series (rule, first_local, zone, text, overrides, template_post_id, created_through, last_due_at, ended,
                                created_at, updated_at)
            VALUES (\(series.rule), \(series.start.wallClock), \(series.start.zoneIdentifier), \(series.text),
                    \(SeriesOverrides.encode(series.overrides)), 0, \(Int32(last?.index ?? series.firstIndex)),
                    \((last?.time.instant ?? time.instant).unixMilliseconds), \(series.ended), \(ms), \(ms))
            RETURNING id
            """, as: Int64.self)!
        let template = try await insertPostRows(series.first, series: (seriesID, series.firstIndex), now: now, session)
        try await session.execute("UPDATE series SET template_post_id = \(template) WHERE id = \(seriesID)")
        try await insertOccurrences(series.later, seriesID: seriesID, template: template, now: now, session)
        return template
    }

    package func openSeries() async throws -> [SeriesRecord] {
        try await read { session in
            try await session.rows("SELECT * FROM series WHERE NOT ended ORDER BY last_due_at").compactMap { row in
                guard let first = ScheduleTime(placing: try row["first_local"], in: try row["zone"]) else { return nil }
                return SeriesRecord(id: try row["id"], templatePostID: try row["template_post_id"], rule: try row["rule"], first: first, text: try row["text"],
                                    overrides: SeriesOverrides.decode(try row["overrides"]),
                                    createdThrough: Int(try row["created_through"] as Int32), lastDue: Date(unixMilliseconds: try row["last_due_at"]))
            }
        }
    }

    /// Under the series' row lock: two daemons extending it at once add its occurrences once.
    package func extendSeries(id: Int64, after createdThrough: Int, occurrences: [SeriesOccurrence], ended: Bool, now: Date) async throws {
        try await write { session in
            guard let row = try await session.row("SELECT template_post_id, created_through, ended FROM series WHERE id = \(id) FOR UPDATE"),
                  Int(try row["created_through"] as Int32) == createdThrough, !(try row["ended"] as Bool) else { return }
            try await insertOccurrences(occurrences, seriesID: id, template: try row["template_post_id"], now: now, session)
            try await session.execute("""
                UPDATE series SET created_through = \(Int32(occurrences.last?.index ?? createdThrough)),
                    last_due_at = coalesce(\(occurrences.last?.time.instant.unixMilliseconds), last_due_at), ended = \(ended),
                    updated_at = \(databaseMilliseconds(now))
                WHERE id = \(id)
                """)
            if !occurrences.isEmpty { try await session.notifyDueTimesChanged() }
        }
    }

    package func editSeriesText(seriesID: Int64, template: String, texts: [Int64: String], now: Date) async throws {
        try await write { session in
            let ms = databaseMilliseconds(now)
            guard try await session.rows("UPDATE series SET text = \(template), updated_at = \(ms) WHERE id = \(seriesID) RETURNING id").count == 1 else {
                throw SeriesRefusals.noSeries(seriesID)
            }
            for (postID, text) in texts {
                let changed = try await session.rows("""
                    UPDATE post SET text = \(text), updated_at = \(ms) WHERE id = \(postID) AND series_id = \(seriesID)
                      AND NOT EXISTS (SELECT 1 FROM delivery WHERE post_id = post.id AND state != 'scheduled')
                    RETURNING id
                    """)
                guard changed.count == 1 else { throw SeriesRefusals.started(postID) }
                try await Self.refreshTextKeys(postID: postID, session)
            }
        }
    }

    package func cancelSeries(ofPost postID: Int64, now: Date) async throws -> PostRecord {
        try await write { session in
            guard try await Self.postRecord(id: postID, session) != nil else { throw PostRefusals.noPost(postID) }
            guard let seriesID = try await session.row("SELECT series_id FROM post WHERE id = \(postID)").flatMap({ try $0["series_id"] as Int64? }) else {
                throw SeriesRefusals.notInSeries(postID)
            }
            let ms = databaseMilliseconds(now)
            try await session.execute("UPDATE series SET ended = true, updated_at = \(ms) WHERE id = \(seriesID)")
            try await session.execute("""
                UPDATE delivery SET state = 'cancelled', updated_at = \(ms)
                WHERE state IN ('draft', 'scheduled', 'retrying') AND post_id IN (SELECT id FROM post WHERE series_id = \(seriesID))
                """)
            return try await Self.postRecord(id: postID, session)!
        }
    }

    /// Each occurrence as a post with the template's accounts and media, its own time and texts.
    private func insertOccurrences(_ occurrences: [SeriesOccurrence], seriesID: Int64, template: Int64, now: Date,
                                   _ session: PostgresSession) async throws {
        guard !occurrences.isEmpty else { return }
        guard let source = try await session.row("SELECT lateness_limit_s, source, options FROM post WHERE id = \(template)") else {
            throw SeriesRefusals.firstPostGone(seriesID)
        }
        let accounts = try await session.rows("SELECT account_id FROM delivery WHERE post_id = \(template) ORDER BY id").map { try $0["account_id"] as Int64 }
        let media = try await Self.mediaItems(postIDs: [template], session)[template] ?? []
        let lateness = Int(try source["lateness_limit_s"] as Int32)
        let origin: String = try source["source"]
        let options = PostOptions(json: try source["options"])
        for occurrence in occurrences {
            var post = NewPost(text: occurrence.text, time: occurrence.time, latenessLimitSeconds: lateness, source: origin,
                               targets: accounts.map { NewPost.Target(accountID: $0, textOverride: occurrence.overrides[$0]) }, media: media)
            post.options = options
            _ = try await insertPostRows(post, series: (seriesID, occurrence.index), now: now, session)
        }
    }
}

extension PostgresSchema {
    /// Which occurrences were changed on their own (issue 47): a series edit leaves them as they are.
    package static let v18 = "ALTER TABLE post ADD COLUMN edited_alone BOOLEAN NOT NULL DEFAULT false;"
}
