import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

/// A post to store with, for an occurrence of a repeating post, its series and place in it.
package struct PostRowsItem {
    package var post: NewPost
    package var series: (id: Int64, index: Int)?
}

extension SQLiteStore {
    /// Stores a post, its media and parts and one delivery per target; its id. Within the caller's transaction.
    package static func insertPostRows(_ post: NewPost, series: (id: Int64, index: Int)? = nil, now: Date, _ db: Database) throws -> Int64 {
        try insertPostRows([PostRowsItem(post: post, series: series)], now: now, db)[0]
    }

    /// Stores posts, their media and parts and one delivery per target; their ids, in order. Within the caller's
    /// transaction.
    ///
    /// Posts and deliveries go in multi-row INSERTs of up to ``MultiRowInsert/largest`` rows: SQLite's work that comes
    /// with each statement (ending it, its statement journal, the sequence's update) then comes once per chunk, not once
    /// per row. 100,000 posts and deliveries took 2.56 s one row per statement and 1.51 s in chunks of 64, from
    /// Python's `sqlite3` (docs/benchmarks.md, "Importing a million"). A queued post goes alone, after its slot is
    /// checked against every post stored before it, the batch's earlier ones included.
    package static func insertPostRows(_ items: [PostRowsItem], now: Date, _ db: Database) throws -> [Int64] {
        var ids: [Int64] = []
        ids.reserveCapacity(items.count)
        var chunk: [PostRowsItem] = []
        for item in items {
            if item.post.queued {
                ids += try insertChunk(chunk, now: now, db)
                chunk = []
                try ensureSlotIsFree(item.post.dueColumns.instant, accountIDs: item.post.targets.map(\.accountID), db)
                ids += try insertChunk([item], now: now, db)
                continue
            }
            chunk.append(item)
            if chunk.count == MultiRowInsert.largest {
                ids += try insertChunk(chunk, now: now, db)
                chunk = []
            }
        }
        ids += try insertChunk(chunk, now: now, db)
        return ids
    }

    /// The posts' rows under ids given here, then their media and parts, then their deliveries.
    ///
    /// The ids are the ones `AUTOINCREMENT` would give, in order: one past the larger of the highest ever given
    /// (`sqlite_sequence`) and the highest stored; SQLite moves the sequence past them. The caller's write transaction
    /// holds the only writer, so nothing takes them in between.
    private static func insertChunk(_ chunk: [PostRowsItem], now: Date, _ db: Database) throws -> [Int64] {
        guard !chunk.isEmpty else { return [] }
        let first = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT max(IFNULL((SELECT seq FROM sqlite_sequence WHERE name = 'post'), 0), IFNULL((SELECT max(id) FROM post), 0)) + 1
            """)) ?? 1
        let ids = chunk.indices.map { first + Int64($0) }
        let ms = now.unixMilliseconds
        var posts: [DatabaseValue] = []
        var deliveries: [DatabaseValue] = []
        for (id, item) in zip(ids, chunk) {
            posts += PostRowColumns.post(id: id, item, ms: ms)
            deliveries += PostRowColumns.deliveries(postID: id, item.post, ms: ms)
        }
        try MultiRowInsert.insert(into: "post", columns: PostRowColumns.post, values: posts, db)
        for (id, item) in zip(ids, chunk) {
            try insertMediaAndParts(item.post, postID: id, db)
        }
        try MultiRowInsert.insert(into: "delivery", columns: PostRowColumns.delivery, values: deliveries, db)
        return ids
    }

    /// A post's files and its thread's later parts: few, and only on some posts, so one row at a time.
    private static func insertMediaAndParts(_ post: NewPost, postID: Int64, _ db: Database) throws {
        for (position, placed) in post.mediaByPart.enumerated() {
            let item = placed.item
            try db.cachedStatement(sql: """
                INSERT INTO post_media (post_id, position, sha256, kind, content_type, size, width, height, alt, path, part)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [postID, position, item.sha256, item.kind.rawValue, item.contentType, item.size,
                                         item.width, item.height, item.alt, item.path, placed.part])
        }
        for (index, part) in post.thread.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO post_part (post_id, part, text) VALUES (?, ?, ?)")
                .execute(arguments: [postID, index + 2, part.text])
        }
    }
}

/// What a post's row and its deliveries' rows hold, column by column, as the flat lists a multi-row INSERT binds.
package enum PostRowColumns {
    package static let post = ["id", "text", "due_at", "due_zone", "due_local", "lateness_limit_s", "source", "created_at", "updated_at", "queued",
                       "series_id", "series_index", "options", "written_by"]

    package static func post(id: Int64, _ item: PostRowsItem, ms: Int64) -> [DatabaseValue] {
        let post = item.post
        let (due, zone, local) = post.dueColumns
        return values(id, post.text, due, zone, local, post.latenessLimitSeconds, post.source, ms, ms, post.queued, item.series?.id,
                      item.series?.index, post.options.json, post.writtenBy)
    }

    package static let delivery = ["post_id", "account_id", "text_override", "state", "next_attempt_at", "updated_at", "first_comment", "part_count",
                           "post_due_at", "text_key"]

    /// One delivery per target, one after another. The text's key is the same-text rule's (SameTextKey): of the
    /// target's own text when it has one, else the post's, worked out once for all its targets.
    package static func deliveries(postID: Int64, _ post: NewPost, ms: Int64) -> [DatabaseValue] {
        let due = post.dueColumns.instant
        let postKey = SameTextKey.of(post.text)
        return post.targets.flatMap { target in
            values(postID, target.accountID, target.textOverride, post.initialState.rawValue, due, ms, target.firstComment,
                   target.partCount(threadParts: post.thread.count), due, target.textOverride.map(SameTextKey.of) ?? postKey)
        }
    }

    /// Database values, made here rather than by GRDB's generic `StatementArguments(_:)` over the rows: made there from
    /// a sequence of rows, Swift's runtime looked generic metadata up for each value (a fifth of an import's CPU).
    private static func values(_ list: (any DatabaseValueConvertible)?...) -> [DatabaseValue] {
        list.map { $0?.databaseValue ?? .null }
    }
}

/// INSERTs of many rows in one statement, in chunks whose sizes are powers of two up to ``largest``: each connection
/// then caches at most seven statements per table, whatever the batches' sizes.
package enum MultiRowInsert {
    /// Rows in the largest statement. 64 rows of 13 columns stay far under SQLite's limit on parameters (32,766);
    /// chunks of 256 measured 9 % faster than 64 and 16 measured 5 % slower (docs/benchmarks.md), so 64 keeps each
    /// cached statement small for most of the gain.
    package static let largest = 64

    /// `values` holds the rows one after another, `columns.count` values each.
    package static func insert(into table: String, columns: [String], values: [DatabaseValue], _ db: Database) throws {
        let width = columns.count
        let rows = values.count / width
        var start = 0
        while start < rows {
            let size = chunkSize(remaining: rows - start)
            let placeholders = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
            let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
                + Array(repeating: placeholders, count: size).joined(separator: ", ")
            let statement = try db.cachedStatement(sql: sql)
            try statement.execute(arguments: StatementArguments(values[start * width..<(start + size) * width]))
            start += size
        }
    }

    /// The largest power of two no larger than `remaining` and ``largest``.
    package static func chunkSize(remaining: Int) -> Int {
        var size = largest
        while size > remaining { size /= 2 }
        return size
    }
}
