import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore: PostStore {
    /// Stores a post and one delivery per target in one transaction; returns it as the API shows it. Every daemon
    /// hears of the new due time.
    package func insertPost(_ post: NewPost, now: Date) async throws -> PostRecord {
        try await write { session in
            let postID = try await insertPostRows(post, now: now, session)
            try await markInboxFilePosted(post, postID: postID, now: now, session)
            try await session.notifyDueTimesChanged()
            return try await Self.postRecord(id: postID, session)!
        }
    }

    package func insertBatch(_ items: [NewBatchItem], now: Date) async throws -> [Int64] {
        try await write { session in
            var ids: [Int64] = []
            for item in items {
                switch item {
                case .post(let post): ids.append(try await insertPostRows(post, now: now, session))
                case .series(let series): ids.append(try await insertSeriesRows(series, now: now, session))
                }
            }
            try await session.notifyDueTimesChanged()
            return ids
        }
    }

    /// The post, its media and one delivery per target; its id. Within the caller's transaction.
    package func insertPostRows(_ post: NewPost, series: (id: Int64, index: Int)? = nil, now: Date, _ session: PostgresSession) async throws -> Int64 {
        let lateness = try Self.latenessColumn(post.latenessLimitSeconds)
        let ms = databaseMilliseconds(now)
        // A due time is an instant a person chose, not a reading of this machine's clock: stored as it is.
        let (due, zone, local) = post.dueColumns
        if post.queued {
            try await Self.ensureSlotIsFree(due, accountIDs: post.targets.map(\.accountID), session)
        }
        let postID = try await session.value("""
            INSERT INTO post (text, due_at, due_zone, due_local, lateness_limit_s, source, created_at, updated_at, queued, series_id, series_index,
                              options, written_by)
            VALUES (\(post.text), \(due), \(zone), \(local), \(lateness), \(post.source), \(ms), \(ms), \(post.queued), \(series?.id),
                    \(series.map { Int32(clamping: $0.index) }), \(post.options.json), \(post.writtenBy))
            RETURNING id
            """, as: Int64.self)!
        for (position, placed) in post.mediaByPart.enumerated() {
            let item = placed.item
            try await session.execute("""
                INSERT INTO post_media (post_id, position, sha256, kind, content_type, size, width, height, alt, path, part)
                VALUES (\(postID), \(Int32(clamping: position)), \(item.sha256), \(item.kind.rawValue), \(item.contentType),
                        \(Int64(item.size)), \(item.width.map { Int32(clamping: $0) }), \(item.height.map { Int32(clamping: $0) }),
                        \(item.alt), \(item.path), \(Int32(placed.part)))
                """)
        }
        for (index, part) in post.thread.enumerated() {
            try await session.execute("INSERT INTO post_part (post_id, part, text) VALUES (\(postID), \(Int32(index + 2)), \(part.text))")
        }
        let postKey = SameTextKey.of(post.text)
        for target in post.targets {
            try await session.execute("""
                INSERT INTO delivery (post_id, account_id, text_override, state, next_attempt_at, updated_at, first_comment, part_count, post_due_at,
                                      text_key)
                VALUES (\(postID), \(target.accountID), \(target.textOverride), \(post.initialState.rawValue), \(due), \(ms),
                        \(target.firstComment), \(Int32(target.partCount(threadParts: post.thread.count))), \(due),
                        \(target.textOverride.map(SameTextKey.of) ?? postKey))
                """)
        }
        return postID
    }

    package func post(id: Int64) async throws -> PostRecord {
        try await read { session in
            guard let view = try await Self.postRecord(id: id, session) else { throw PostRefusals.noPost(id) }
            return view
        }
    }

    package func postsDue(from: Date, to: Date, accountID: Int64?, limit: Int) async throws -> [PostRecord] {
        try await read { session in
            try await Self.postRecords(try await session.rows(Self.postsDueQuery(from: from, to: to, accountID: accountID, limit: limit)), session)
        }
    }

    package func postsByDay(_ days: [DateInterval], first: Int, countUpTo limit: Int, accountID: Int64?) async throws -> [DayOfPosts] {
        try await read { session in
            var rows: [PostgresStoreRow] = []
            var sizes: [Int] = []
            var counts: [Int] = []
            for day in days {
                let firstRows = try await session.rows(Self.postsDueQuery(from: day.start, to: day.end, accountID: accountID, limit: first))
                rows += firstRows
                sizes.append(firstRows.count)
                counts.append(Int(try await session.value("""
                    SELECT COUNT(*) FROM (SELECT 1 FROM post p
                        WHERE p.due_at >= \(day.start.unixMilliseconds) AND p.due_at < \(day.end.unixMilliseconds)
                          AND (\(accountID)::bigint IS NULL OR EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.account_id = \(accountID)))
                        LIMIT \(Int64(limit))) AS due
                    """, as: Int64.self) ?? 0))
            }
            return DayOfPosts.split(try await Self.postRecords(rows, session), sizes: sizes, counts: counts)
        }
    }

    /// The posts due in `from..<to` (with a delivery to `accountID` when given), earliest first.
    private static func postsDueQuery(from: Date, to: Date, accountID: Int64?, limit: Int) -> PostgresQuery {
        """
        SELECT p.* FROM post p
        WHERE p.due_at >= \(from.unixMilliseconds) AND p.due_at < \(to.unixMilliseconds)
          AND (\(accountID)::bigint IS NULL OR EXISTS (SELECT 1 FROM delivery d WHERE d.post_id = p.id AND d.account_id = \(accountID)))
        ORDER BY p.due_at, p.id LIMIT \(Int64(limit))
        """
    }

    /// Changes text, time or lateness while every delivery is still waiting for its first attempt. A new time
    /// wakes every daemon.
    package func editPost(id: Int64, change: PostChange, now: Date) async throws -> PostRecord {
        let lateness = try change.latenessLimitSeconds.map(Self.latenessColumn)
        return try await write { session in
            guard try await Self.postRecord(id: id, session) != nil else { throw PostRefusals.noPost(id) }
            // Locked, so no daemon claims a delivery between this check and the change (claims skip locked rows).
            try await session.execute("SELECT d.id FROM delivery d WHERE d.post_id = \(id) ORDER BY d.id FOR UPDATE OF d")
            let current = try await Self.postRecord(id: id, session)!
            try EditGuard(post: current, change: change).check()
            let ms = databaseMilliseconds(now)
            try await Self.applyDeliveryChanges(change, to: current, now: ms, session)
            if let text = change.text {
                try await session.execute("UPDATE post SET text = \(text), updated_at = \(ms) WHERE id = \(id)")
            }
            if change.text != nil || !change.overrides.isEmpty || !change.addTargets.isEmpty {
                try await Self.refreshTextKeys(postID: id, session)
            }
            if let time = change.time {
                if try await Self.isDraft(id, session) { throw PostRefusals.draftHasNoTime(id) }
                let due = time.instant.unixMilliseconds
                try await session.execute("""
                    UPDATE post SET due_at = \(due), due_zone = \(time.zoneIdentifier), due_local = \(time.wallClock), queued = false,
                        updated_at = \(ms)
                    WHERE id = \(id)
                    """)
                try await session.execute("UPDATE delivery SET next_attempt_at = \(due), updated_at = \(ms) WHERE post_id = \(id)")
                if change.reschedule {
                    try await session.execute("""
                        UPDATE delivery SET state = 'scheduled', attempt_count = 0, retry_requested_at = \(ms), needs_check = false,
                            first_claimed_at = NULL, throttled_until = NULL, last_error = NULL
                        WHERE post_id = \(id) AND state IN (\(unescaped: DeliveryLifecycle.sql(RecoveryRules.reschedulable)))
                        """)
                }
                try await session.notifyDueTimesChanged()
            }
            if let lateness {
                try await session.execute("UPDATE post SET lateness_limit_s = \(lateness), updated_at = \(ms) WHERE id = \(id)")
            }
            // A new version even within the same millisecond, and an occurrence changed alone is marked so.
            try await session.execute("""
                UPDATE post SET updated_at = GREATEST(\(ms), \(current.version + 1)), edited_alone = (series_id IS NOT NULL) WHERE id = \(id)
                """)
            return try await Self.postRecord(id: id, session)!
        }
    }

    /// Cancels every delivery of the post that has not finished. One being published right now cannot be
    /// stopped and is reported; a post with nothing left to cancel is a conflict.
    package func cancelPost(id: Int64, now: Date) async throws -> PostRecord {
        try await write { session in
            guard try await Self.postRecord(id: id, session) != nil else { throw PostRefusals.noPost(id) }
            let cancelled = try await session.rows("""
                UPDATE delivery SET state = 'cancelled', updated_at = \(databaseMilliseconds(now))
                WHERE post_id = \(id) AND state IN (\(unescaped: DeliveryLifecycle.sql(DeliveryLifecycle.cancellable))) RETURNING id
                """)
            if cancelled.isEmpty {
                let publishing = try await session.value("""
                    SELECT count(*) FROM delivery WHERE post_id = \(id) AND state = 'publishing'
                    """, as: Int64.self) ?? 0
                throw PostRefusals.nothingToCancel(id, publishingNow: Int(publishing))
            }
            return try await Self.postRecord(id: id, session)!
        }
    }

    package static func isDraft(_ id: Int64, _ session: PostgresSession) async throws -> Bool {
        try await session.value("SELECT EXISTS (SELECT 1 FROM delivery WHERE post_id = \(id) AND state = 'draft')", as: Bool.self) ?? false
    }


    /// A lateness limit as the INTEGER column holds it (about 68 years at most).
    package static func latenessColumn(_ seconds: Int) throws(StoreError) -> Int32 {
        guard let value = Int32(exactly: seconds) else {
            throw PostRefusals.latenessOutOfRange(seconds)
        }
        return value
    }

    package static func postRecord(id: Int64, _ session: PostgresSession) async throws -> PostRecord? {
        guard let row = try await session.row("SELECT * FROM post WHERE id = \(id)") else { return nil }
        return try await postRecords([row], session).first
    }

    /// Builds the records of `rows` with one query for all their deliveries and one for their media.
    package static func postRecords(_ rows: [PostgresStoreRow], _ session: PostgresSession) async throws -> [PostRecord] {
        guard !rows.isEmpty else { return [] }
        let ids: [Int64] = try rows.map { try $0["id"] }
        let deliveryRows = try await session.rows("""
            SELECT d.*, a.network, a.handle FROM delivery d JOIN account a ON a.id = d.account_id
            WHERE d.post_id = ANY(\(ids)) ORDER BY d.post_id, d.id
            """)
        let deliveries = try deliveryRows.map { row in
            StoredDelivery(id: try row["id"], postID: try row["post_id"], accountID: try row["account_id"],
                           network: Network(rawValue: try row["network"]) ?? .x, handle: try row["handle"],
                           state: DeliveryState(rawValue: try row["state"]) ?? .unknown, textOverride: try row["text_override"],
                           remoteID: try row["remote_id"], remoteURL: try row["remote_url"], publishedAt: try row["published_at"],
                           nextAttemptAt: try row["next_attempt_at"], attemptCount: Int(try row["attempt_count"] as Int32),
                           lastError: try row["last_error"], needsCheck: try row["needs_check"], firstComment: try row["first_comment"],
                           partCount: Int(try row["part_count"] as Int32), throttledUntil: try row["throttled_until"])
        }
        let mediaByPart = try await mediaByPart(postIDs: ids, session)
        let details = StoredPostDetails(
            deliveries: deliveries,
            publishedParts: try await publishedParts(deliveryIDs: deliveries.filter { $0.partCount > 1 }.map(\.id), session),
            mediaByPart: mediaByPart, threads: try await threads(postIDs: ids, media: mediaByPart, session),
            templates: try await seriesTemplates(Array(Set(try rows.compactMap { try $0["series_id"] as Int64? })), session))
        return PostRecords.assemble(try rows.map { row in
            StoredPost(id: try row["id"], text: try row["text"], dueAt: try row["due_at"], dueZone: try row["due_zone"],
                       dueLocal: try row["due_local"], latenessLimitSeconds: Int(try row["lateness_limit_s"] as Int32), source: try row["source"],
                       createdAt: try row["created_at"], updatedAt: try row["updated_at"], queued: try row["queued"],
                       seriesID: try row["series_id"], seriesIndex: (try row["series_index"] as Int32?).map(Int.init),
                       options: try row["options"], editedAlone: try row["edited_alone"],
                       writtenBy: try row["written_by"], rejectionOpen: try row["rejection_open"])
        }, details)
    }

    /// The templates of the series `ids`, by id.
    package static func seriesTemplates(_ ids: [Int64], _ session: PostgresSession) async throws -> [Int64: SeriesTemplate] {
        guard !ids.isEmpty else { return [:] }
        var templates: [Int64: SeriesTemplate] = [:]
        for row in try await session.rows("SELECT id, rule, first_local, zone, text, overrides FROM series WHERE id = ANY(\(ids))") {
            templates[try row["id"]] = SeriesTemplate(rule: try row["rule"], start: try row["first_local"], zone: try row["zone"],
                                                      text: try row["text"], overrides: SeriesOverrides.decode(try row["overrides"]))
        }
        return templates
    }
}
