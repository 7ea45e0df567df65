import Foundation
import GRDB
import NetworkRules
import SchedulerCore
import SchedulerDomain

/// Posts in several parts (an X thread, a first comment, media per part): what each part holds, and each part of a
/// delivery as it went out.
extension SQLiteStore {
    /// The media of each post by part (1: the post itself), in order, with one query.
    package static func mediaByPart(postIDs: [Int64], _ db: Database) throws -> [Int64: [Int: [MediaItem]]] {
        guard !postIDs.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: postIDs.count).joined(separator: ", ")
        var items: [Int64: [Int: [MediaItem]]] = [:]
        for row in try Row.fetchAll(listStatement(db, for: postIDs.count, sql: "SELECT * FROM post_media WHERE post_id IN (\(placeholders)) ORDER BY post_id, position"),
                                    arguments: StatementArguments(postIDs)) {
            items[row["post_id"], default: [:]][row["part"], default: []].append(MediaItem(
                path: row["path"], kind: MediaKind(rawValue: row["kind"]) ?? .image, contentType: row["content_type"],
                size: row["size"], sha256: row["sha256"], width: row["width"], height: row["height"], alt: row["alt"]))
        }
        return items
    }

    /// The media of each post's first part (the post itself), in order.
    package static func mediaItems(postIDs: [Int64], _ db: Database) throws -> [Int64: [MediaItem]] {
        try mediaByPart(postIDs: postIDs, db).compactMapValues { $0[1] }
    }

    /// Each post's thread parts after the first, in order, with their media; posts of one part are absent.
    package static func threads(postIDs: [Int64], media: [Int64: [Int: [MediaItem]]], _ db: Database) throws -> [Int64: [ThreadPart]] {
        guard !postIDs.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: postIDs.count).joined(separator: ", ")
        var threads: [Int64: [ThreadPart]] = [:]
        for row in try Row.fetchAll(listStatement(db, for: postIDs.count, sql: "SELECT post_id, part, text FROM post_part WHERE post_id IN (\(placeholders)) ORDER BY post_id, part"),
                                    arguments: StatementArguments(postIDs)) {
            let postID: Int64 = row["post_id"]
            threads[postID, default: []].append(ThreadPart(text: row["text"], media: media[postID]?[row["part"]] ?? []))
        }
        return threads
    }

    /// The parts of each delivery that are on the network, in order.
    package static func publishedParts(deliveryIDs: [Int64], _ db: Database) throws -> [Int64: [PublishedPart]] {
        guard !deliveryIDs.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: deliveryIDs.count).joined(separator: ", ")
        var parts: [Int64: [PublishedPart]] = [:]
        for row in try Row.fetchAll(listStatement(db, for: deliveryIDs.count, sql: """
            SELECT * FROM delivery_part WHERE delivery_id IN (\(placeholders)) ORDER BY delivery_id, part
            """), arguments: StatementArguments(deliveryIDs)) {
            parts[row["delivery_id"], default: []].append(PublishedPart(
                number: row["part"], remoteID: row["remote_id"], remoteURL: row["remote_url"],
                publishedAt: Date(unixMilliseconds: row["published_at"])))
        }
        return parts
    }

    /// Claims with their media (one query), and those of deliveries in several parts with their thread and the parts
    /// already out (two more queries for all of them; none when every claim is a plain post).
    package static func withParts(_ claims: [ClaimedDelivery], partCounts: [Int64: Int], _ db: Database) throws -> [ClaimedDelivery] {
        let media = try mediaByPart(postIDs: Array(Set(claims.map(\.postID))), db)
        let multiPart = claims.filter { (partCounts[$0.deliveryID] ?? 1) > 1 }
        guard !multiPart.isEmpty else { return claims.withParts(media: media, threads: [:], published: [:]) }
        let threads = try threads(postIDs: Array(Set(multiPart.map(\.postID))), media: media, db)
        let published = try publishedParts(deliveryIDs: multiPart.map(\.deliveryID), db)
        return claims.withParts(media: media, threads: threads, published: published)
    }

    package func recordPartPublished(_ claim: ClaimedDelivery, part: PublishedPart, attempt: AttemptRecord) async throws {
        try await outcomes.write { db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            try db.execute(sql: """
                INSERT INTO delivery_part (delivery_id, part, remote_id, remote_url, published_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (delivery_id, part) DO NOTHING
                """, arguments: [claim.deliveryID, part.number, part.remoteID, part.remoteURL, part.publishedAt.unixMilliseconds])
            // Later parts are looked up only if a request for them was sent: the one just recorded is settled.
            try db.execute(sql: "UPDATE delivery SET needs_check = 0, updated_at = ? WHERE id = ? AND state = 'publishing'",
                           arguments: [attempt.finishedAt.unixMilliseconds, claim.deliveryID])
        }
    }

    package func recordAllPartsPublished(_ claim: ClaimedDelivery, at: Date) async throws {
        try await outcomes.write { [self] db in
            guard let first = try Row.fetchOne(db, sql: "SELECT remote_id, remote_url, published_at FROM delivery_part WHERE delivery_id = ? AND part = 1",
                                               arguments: [claim.deliveryID]) else { return }
            try db.execute(sql: """
                UPDATE delivery SET state = 'published', remote_id = ?, remote_url = ?, published_at = ?, last_error = NULL,
                    claimed_at = NULL, needs_check = 0, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [first["remote_id"], first["remote_url"], first["published_at"], at.unixMilliseconds, claim.deliveryID])
            guard db.changesCount > 0 else { return }
            try insertEvent(DeliveryEvents.published(claim, remoteURL: first["remote_url"], found: false, at: at), db)
            try Self.clearPermissionRefusals(accountID: claim.accountID, db)
        }
    }

    package func recordCommentFailed(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws {
        try await outcomes.write { [self] db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            guard let first = try Row.fetchOne(db, sql: "SELECT remote_id, remote_url, published_at FROM delivery_part WHERE delivery_id = ? AND part = 1",
                                               arguments: [claim.deliveryID]) else { return }
            try db.execute(sql: """
                UPDATE delivery SET state = 'published', remote_id = ?, remote_url = ?, published_at = ?, last_error = ?,
                    claimed_at = NULL, needs_check = 0, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [first["remote_id"], first["remote_url"], first["published_at"], DeliveryEvents.commentFailedNote(claim, error: error),
                                 attempt.finishedAt.unixMilliseconds, claim.deliveryID])
            guard db.changesCount > 0 else { return }
            try insertEvent(DeliveryEvents.commentFailed(claim, remoteURL: first["remote_url"], error: error, at: attempt.finishedAt), db)
        }
    }
}
