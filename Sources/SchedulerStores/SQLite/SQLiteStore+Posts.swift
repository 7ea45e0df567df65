import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// Stores a post and one delivery per target in one transaction; returns it as the API shows it.
    package func insertPost(_ post: NewPost, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            let postID = try Self.insertPostRows(post, now: now, db)
            try markInboxFilePosted(post, postID: postID, now: now, db)
            return try Self.postRecord(id: postID, db)!
        }
    }

    /// One transaction for the whole batch, with a page cache large enough to hold what it changes: each row lands at
    /// a scattered place in the indexes (a text's key above all), and with SQLite's default 2 MB cache a large import
    /// wrote the same index pages out to the WAL again and again before its commit (6.5 s for 100,000 rows against
    /// 5.6 s with it, measured). The cache is given back after.
    package func insertBatch(_ items: [NewBatchItem], now: Date) async throws -> [Int64] {
        try await writer.writeWithoutTransaction { db in
            let large = items.count >= Self.largeBatch
            if large { try db.execute(sql: "PRAGMA cache_size = -\(Self.largeBatchCacheKiB)") }
            defer {
                if large { try? db.execute(sql: "PRAGMA cache_size = -2000; PRAGMA shrink_memory") }
            }
            var ids: [Int64] = []
            try db.inTransaction {
                // Plain posts in runs, which go in multi-row INSERTs; a repeating post on its own, in order.
                var posts: [PostRowsItem] = []
                for item in items {
                    switch item {
                    case .post(let post): posts.append(PostRowsItem(post: post))
                    case .series(let series):
                        ids += try Self.insertPostRows(posts, now: now, db)
                        posts = []
                        ids.append(try Self.insertSeriesRows(series, now: now, db))
                    }
                }
                ids += try Self.insertPostRows(posts, now: now, db)
                return .commit
            }
            return ids
        }
    }

    /// Batches from this many rows get the larger cache.
    package static let largeBatch = 5_000
    /// The larger cache: about what 100,000 rows change.
    package static let largeBatchCacheKiB = 128 * 1_024

    package func post(id: Int64) async throws -> PostRecord {
        try await writer.read { db in
            guard let view = try Self.postRecord(id: id, db) else { throw PostRefusals.noPost(id) }
            return view
        }
    }

    package func postsDue(from: Date, to: Date, accountID: Int64?, limit: Int) async throws -> [PostRecord] {
        try await writer.read { db in try Self.postRecords(Self.postRowsDue(from: from, to: to, accountID: accountID, limit: limit, db), db) }
    }

    package func postsByDay(_ days: [DateInterval], first: Int, countUpTo limit: Int, accountID: Int64?) async throws -> [DayOfPosts] {
        try await writer.read { db in
            var rows: [Row] = []
            var sizes: [Int] = []
            var counts: [Int] = []
            for day in days {
                let firstRows = try Self.postRowsDue(from: day.start, to: day.end, accountID: accountID, limit: first, db)
                rows += firstRows
                sizes.append(firstRows.count)
                counts.append(try Self.countDue(from: day.start, to: day.end, accountID: accountID, limit: limit, db))
            }
            return DayOfPosts.split(try Self.postRecords(rows, db), sizes: sizes, counts: counts)
        }
    }

    /// The rows of the posts due in `from..<to` (with a delivery to `accountID` when given), earliest first.
    private static func postRowsDue(from: Date, to: Date, accountID: Int64?, limit: Int, _ db: Database) throws -> [Row] {
        let due = dueFilter(from: from, to: to, accountID: accountID)
        return try Row.fetchAll(db.cachedStatement(sql: "SELECT p.* FROM post p INDEXED BY post_by_due WHERE \(due.sql) ORDER BY p.due_at, p.id LIMIT ?"),
                                arguments: due.arguments + [limit])
    }

    /// How many posts are due in `from..<to` (with a delivery to `accountID` when given), counted up to `limit`.
    private static func countDue(from: Date, to: Date, accountID: Int64?, limit: Int, _ db: Database) throws -> Int {
        let due = dueFilter(from: from, to: to, accountID: accountID)
        return try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM (SELECT 1 FROM post p INDEXED BY post_by_due WHERE \(due.sql) LIMIT ?)"),
                                arguments: due.arguments + [limit]) ?? 0
    }

    /// A calendar's condition on `p`: due in `from..<to`, with a delivery to `accountID` when given.
    private static func dueFilter(from: Date, to: Date, accountID: Int64?) -> (sql: String, arguments: StatementArguments) {
        let range: StatementArguments = [from.unixMilliseconds, to.unixMilliseconds]
        guard let accountID else { return ("p.due_at >= ? AND p.due_at < ?", range) }
        return ("p.due_at >= ? AND p.due_at < ? AND EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.account_id = ?)",
                range + [accountID])
    }

    /// Changes text, time or lateness while every delivery is still waiting for its first attempt.
    package func editPost(id: Int64, change: PostChange, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            guard let current = try Self.postRecord(id: id, db) else { throw PostRefusals.noPost(id) }
            try EditGuard(post: current, change: change).check()
            let ms = now.unixMilliseconds
            try Self.applyDeliveryChanges(change, to: current, now: ms, db)
            if let text = change.text {
                try db.execute(sql: "UPDATE post SET text = ?, updated_at = ? WHERE id = ?", arguments: [text, ms, id])
            }
            if change.text != nil || !change.overrides.isEmpty || !change.addTargets.isEmpty {
                try Self.refreshTextKeys(postID: id, db)
            }
            if let time = change.time {
                if try Self.isDraft(id, db) { throw PostRefusals.draftHasNoTime(id) }
                let due = time.instant.unixMilliseconds
                // A time given by hand takes the post out of the queue: it is no longer moved with the slots.
                try db.execute(sql: "UPDATE post SET due_at = ?, due_zone = ?, due_local = ?, queued = 0, updated_at = ? WHERE id = ?",
                               arguments: [due, time.zoneIdentifier, time.wallClock, ms, id])
                try db.execute(sql: "UPDATE delivery SET next_attempt_at = ?, updated_at = ? WHERE post_id = ?", arguments: [due, ms, id])
                if change.reschedule {
                    try db.execute(sql: """
                        UPDATE delivery SET state = 'scheduled', attempt_count = 0, retry_requested_at = ?, needs_check = 0, first_claimed_at = NULL,
                            throttled_until = NULL, last_error = NULL
                        WHERE post_id = ? AND state IN (\(DeliveryLifecycle.sql(RecoveryRules.reschedulable)))
                        """, arguments: [ms, id])
                }
            }
            if let lateness = change.latenessLimitSeconds {
                try db.execute(sql: "UPDATE post SET lateness_limit_s = ?, updated_at = ? WHERE id = ?", arguments: [lateness, ms, id])
            }
            // A new version even within the same millisecond, and an occurrence changed alone is marked so.
            try db.execute(sql: "UPDATE post SET updated_at = MAX(?, ? + 1), edited_alone = (series_id IS NOT NULL) WHERE id = ?",
                           arguments: [ms, current.version, id])
            return try Self.postRecord(id: id, db)!
        }
    }

    /// Cancels every delivery of the post that has not finished. One being published right now cannot be
    /// stopped and is reported; a post with nothing left to cancel is a conflict.
    package func cancelPost(id: Int64, now: Date) async throws -> PostRecord {
        try await writer.write { db in
            guard try Self.postRecord(id: id, db) != nil else { throw PostRefusals.noPost(id) }
            try db.execute(sql: """
                UPDATE delivery SET state = 'cancelled', updated_at = ?
                WHERE post_id = ? AND state IN (\(DeliveryLifecycle.sql(DeliveryLifecycle.cancellable)))
                """, arguments: [now.unixMilliseconds, id])
            if db.changesCount == 0 {
                let publishing = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM delivery WHERE post_id = ? AND state = 'publishing'", arguments: [id])!
                throw PostRefusals.nothingToCancel(id, publishingNow: publishing)
            }
            return try Self.postRecord(id: id, db)!
        }
    }

    package static func isDraft(_ id: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM delivery WHERE post_id = ? AND state = 'draft')", arguments: [id]) ?? false
    }


    package static func postRecord(id: Int64, _ db: Database) throws -> PostRecord? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM post WHERE id = ?"), arguments: [id]) else { return nil }
        return try postRecords([row], db).first
    }

    /// A statement with one placeholder per id: cached for the short lists a claim, a page or a post gives (one statement
    /// per length), compiled afresh for a long one (an import's), which would otherwise stay in the cache for good.
    package static func listStatement(_ db: Database, for count: Int, sql: String) throws -> Statement {
        count <= 100 ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
    }

    /// Builds the records of `rows` with one query for all their deliveries.
    package static func postRecords(_ rows: [Row], _ db: Database) throws -> [PostRecord] {
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = rows.map { $0["id"] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        // Read from the cursor, not copied rows: a copied row finds a column by lowercasing every column's name.
        let deliveryRows = try Row.fetchCursor(listStatement(db, for: ids.count, sql: """
            SELECT d.*, a.network, a.handle FROM delivery d JOIN account a ON a.id = d.account_id
            WHERE d.post_id IN (\(placeholders)) ORDER BY d.post_id, d.id
            """), arguments: StatementArguments(ids))
        let deliveries = try Array(deliveryRows.map { row in
            StoredDelivery(id: row["id"], postID: row["post_id"], accountID: row["account_id"], network: Network(rawValue: row["network"]) ?? .x,
                           handle: row["handle"], state: DeliveryState(rawValue: row["state"]) ?? .unknown, textOverride: row["text_override"],
                           remoteID: row["remote_id"], remoteURL: row["remote_url"], publishedAt: row["published_at"],
                           nextAttemptAt: row["next_attempt_at"], attemptCount: row["attempt_count"], lastError: row["last_error"],
                           needsCheck: row["needs_check"], firstComment: row["first_comment"], partCount: row["part_count"],
                           throttledUntil: row["throttled_until"])
        })
        let mediaByPart = try mediaByPart(postIDs: ids, db)
        let details = StoredPostDetails(
            deliveries: deliveries, publishedParts: try publishedParts(deliveryIDs: deliveries.filter { $0.partCount > 1 }.map(\.id), db),
            mediaByPart: mediaByPart, threads: try threads(postIDs: ids, media: mediaByPart, db),
            templates: try seriesTemplates(Set(rows.compactMap { $0["series_id"] as Int64? }), db))
        return PostRecords.assemble(rows.map { row in
            StoredPost(id: row["id"], text: row["text"], dueAt: row["due_at"], dueZone: row["due_zone"], dueLocal: row["due_local"],
                       latenessLimitSeconds: row["lateness_limit_s"], source: row["source"], createdAt: row["created_at"],
                       updatedAt: row["updated_at"], queued: row["queued"], seriesID: row["series_id"], seriesIndex: row["series_index"],
                       options: row["options"], editedAlone: (row["edited_alone"] as Bool?) ?? false,
                       writtenBy: row["written_by"], rejectionOpen: (row["rejection_open"] as Bool?) ?? false)
        }, details)
    }

    /// The templates of the series `ids`, by id.
    package static func seriesTemplates(_ ids: Set<Int64>, _ db: Database) throws -> [Int64: SeriesTemplate] {
        guard !ids.isEmpty else { return [:] }
        var templates: [Int64: SeriesTemplate] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT id, rule, first_local, zone, text, overrides FROM series WHERE id IN (\(ids.map(String.init).joined(separator: ", ")))
            """) {
            templates[row["id"]] = SeriesTemplate(rule: row["rule"], start: row["first_local"], zone: row["zone"], text: row["text"],
                                                  overrides: SeriesOverrides.decode(row["overrides"]))
        }
        return templates
    }
}
