import NetworkRules
import Foundation
import SchedulerCore

/// A post as a store reads it from its row, before anything decides how it is shown (``PostViews/assemble``).
struct StoredPost: Sendable {
    var id: Int64
    var text: String
    /// Unix milliseconds; 0 for a draft.
    var dueAt: Int64
    var dueZone: String
    var dueLocal: String
    var latenessLimitSeconds: Int
    var source: String
    var createdAt: Int64
    var updatedAt: Int64
    var queued: Bool
    var seriesID: Int64?
    var seriesIndex: Int?
    /// The `options` column as stored (JSON), nil for none.
    var options: String?
    /// An occurrence changed on its own, which a series edit leaves as it is.
    var editedAlone = false
    var writtenBy: String?
    /// Rejected by an owner, and not yet acted on by its author (duplicated or dismissed).
    var rejectionOpen = false
}

/// A delivery as a store reads it from its row and its account's.
struct StoredDelivery: Sendable {
    var id: Int64
    var postID: Int64
    var accountID: Int64
    var network: Network
    var handle: String
    var state: DeliveryState
    var textOverride: String?
    var remoteID: String?
    var remoteURL: String?
    var publishedAt: Int64?
    var nextAttemptAt: Int64
    var attemptCount: Int
    var lastError: String?
    var needsCheck: Bool
    var firstComment: String?
    var partCount: Int
    var throttledUntil: Int64?
}

/// What a store read for a page of posts, apart from the posts themselves: each delivery, the parts of deliveries in
/// several parts that are out, the media by post and part, the threads, and the templates of their series.
struct StoredPostDetails: Sendable {
    var deliveries: [StoredDelivery]
    var publishedParts: [Int64: [PublishedPart]]
    var mediaByPart: [Int64: [Int: [MediaItem]]]
    var threads: [Int64: [ThreadPart]]
    var templates: [Int64: SeriesTemplate]
}
