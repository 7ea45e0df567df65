import Foundation
import NetworkRules
import SchedulerCore
import SchedulerDomain

/// Posts in several parts (an X thread, a first comment, media per part), as the SQLite store keeps them; every change
/// to a claimed delivery carries ``PostgresStore/heldHere``, except the part itself, a fact about the network.
extension PostgresStore {
    /// The media of each post by part (1: the post itself), in order, with one query.
    package static func mediaByPart(postIDs: [Int64], _ session: PostgresSession) async throws -> [Int64: [Int: [MediaItem]]] {
        guard !postIDs.isEmpty else { return [:] }
        var items: [Int64: [Int: [MediaItem]]] = [:]
        for row in try await session.rows("SELECT * FROM post_media WHERE post_id = ANY(\(postIDs)) ORDER BY post_id, position") {
            items[try row["post_id"], default: [:]][Int(try row["part"] as Int32), default: []].append(MediaItem(
                path: try row["path"], kind: MediaKind(rawValue: try row["kind"]) ?? .image, contentType: try row["content_type"],
                size: Int(try row["size"] as Int64), sha256: try row["sha256"], width: (try row["width"] as Int32?).map(Int.init),
                height: (try row["height"] as Int32?).map(Int.init), alt: try row["alt"]))
        }
        return items
    }

    /// The media of each post's first part (the post itself), in order.
    package static func mediaItems(postIDs: [Int64], _ session: PostgresSession) async throws -> [Int64: [MediaItem]] {
        try await mediaByPart(postIDs: postIDs, session).compactMapValues { $0[1] }
    }

    /// Each post's thread parts after the first, in order, with their media; posts of one part are absent.
    package static func threads(postIDs: [Int64], media: [Int64: [Int: [MediaItem]]], _ session: PostgresSession) async throws -> [Int64: [ThreadPart]] {
        guard !postIDs.isEmpty else { return [:] }
        var threads: [Int64: [ThreadPart]] = [:]
        for row in try await session.rows("SELECT post_id, part, text FROM post_part WHERE post_id = ANY(\(postIDs)) ORDER BY post_id, part") {
            let postID: Int64 = try row["post_id"]
            threads[postID, default: []].append(ThreadPart(text: try row["text"], media: media[postID]?[Int(try row["part"] as Int32)] ?? []))
        }
        return threads
    }

    /// The parts of each delivery that are on the network, in order.
    package static func publishedParts(deliveryIDs: [Int64], _ session: PostgresSession) async throws -> [Int64: [PublishedPart]] {
        guard !deliveryIDs.isEmpty else { return [:] }
        var parts: [Int64: [PublishedPart]] = [:]
        for row in try await session.rows("SELECT * FROM delivery_part WHERE delivery_id = ANY(\(deliveryIDs)) ORDER BY delivery_id, part") {
            parts[try row["delivery_id"], default: []].append(PublishedPart(
                number: Int(try row["part"] as Int32), remoteID: try row["remote_id"], remoteURL: try row["remote_url"],
                publishedAt: Date(unixMilliseconds: try row["published_at"])))
        }
        return parts
    }

    /// Claims with their media (one query), and those of deliveries in several parts with their thread and the parts
    /// already out (two more queries for all of them; none when every claim is a plain post).
    package static func withParts(_ claims: [ClaimedDelivery], partCounts: [Int64: Int], _ session: PostgresSession) async throws -> [ClaimedDelivery] {
        let media = try await mediaByPart(postIDs: Array(Set(claims.map(\.postID))), session)
        let multiPart = claims.filter { (partCounts[$0.deliveryID] ?? 1) > 1 }
        guard !multiPart.isEmpty else { return claims.withParts(media: media, threads: [:], published: [:]) }
        let threads = try await threads(postIDs: Array(Set(multiPart.map(\.postID))), media: media, session)
        let published = try await publishedParts(deliveryIDs: multiPart.map(\.deliveryID), session)
        return claims.withParts(media: media, threads: threads, published: published)
    }

    package func recordPartPublished(_ claim: ClaimedDelivery, part: PublishedPart, attempt: AttemptRecord) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            try await session.execute("""
                INSERT INTO delivery_part (delivery_id, part, remote_id, remote_url, published_at)
                VALUES (\(claim.deliveryID), \(Int32(part.number)), \(part.remoteID), \(part.remoteURL), \(databaseMilliseconds(part.publishedAt)))
                ON CONFLICT (delivery_id, part) DO NOTHING
                """)
            try await session.execute("""
                UPDATE delivery SET needs_check = false, updated_at = \(databaseMilliseconds(attempt.finishedAt))
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere)
                """)
        }
    }

    package func recordAllPartsPublished(_ claim: ClaimedDelivery, at: Date) async throws {
        try await write { session in
            guard let first = try await session.row("SELECT remote_id, remote_url, published_at FROM delivery_part WHERE delivery_id = \(claim.deliveryID) AND part = 1")
            else { return }
            let url: String? = try first["remote_url"]
            let changed = try await session.rows("""
                UPDATE delivery SET state = 'published', remote_id = \(try first["remote_id"] as String), remote_url = \(url),
                    published_at = \(try first["published_at"] as Int64), last_error = NULL, claimed_at = NULL, claimed_by = NULL,
                    lease_until = NULL, needs_check = false, updated_at = \(databaseMilliseconds(at))
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere) RETURNING id
                """)
            guard !changed.isEmpty else { return }
            try await insertEvent(DeliveryEvents.published(claim, remoteURL: url, found: false, at: at), session)
            try await Self.clearPermissionRefusals(accountID: claim.accountID, session)
        }
    }

    package func recordCommentFailed(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            guard let first = try await session.row("SELECT remote_id, remote_url, published_at FROM delivery_part WHERE delivery_id = \(claim.deliveryID) AND part = 1")
            else { return }
            let url: String? = try first["remote_url"]
            let changed = try await session.rows("""
                UPDATE delivery SET state = 'published', remote_id = \(try first["remote_id"] as String), remote_url = \(url),
                    published_at = \(try first["published_at"] as Int64), last_error = \(DeliveryEvents.commentFailedNote(claim, error: error)),
                    claimed_at = NULL, claimed_by = NULL, lease_until = NULL, needs_check = false,
                    updated_at = \(databaseMilliseconds(attempt.finishedAt))
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere) RETURNING id
                """)
            guard !changed.isEmpty else { return }
            try await insertEvent(DeliveryEvents.commentFailed(claim, remoteURL: url, error: error, at: attempt.finishedAt), session)
        }
    }

    /// How many parts of a delivery in several parts are not on the network yet (a published post whose first comment failed
    /// has one); 0 for a plain post, whose one part is not recorded apart.
    package static func partsLeft(deliveryID: Int64, _ session: PostgresSession) async throws -> Int {
        Int(try await session.value("""
            SELECT CASE WHEN d.part_count > 1 THEN d.part_count - (SELECT COUNT(*) FROM delivery_part dp WHERE dp.delivery_id = d.id)::int ELSE 0 END FROM delivery d WHERE d.id = \(deliveryID)
            """, as: Int32.self) ?? 0)
    }
}
