import NetworkRules
import Foundation
import SchedulerCore

/// A post as a store reads it from its row, before anything decides how it is shown (``PostRecords/assemble``).
package struct StoredPost: Sendable {
    package var id: Int64
    package var text: String
    /// Unix milliseconds; 0 for a draft.
    package var dueAt: Int64
    package var dueZone: String
    package var dueLocal: String
    package var latenessLimitSeconds: Int
    package var source: String
    package var createdAt: Int64
    package var updatedAt: Int64
    package var queued: Bool
    package var seriesID: Int64?
    package var seriesIndex: Int?
    /// The `options` column as stored (JSON), nil for none.
    package var options: String?
    /// An occurrence changed on its own, which a series edit leaves as it is.
    package var editedAlone = false
    package var writtenBy: String?
    /// Rejected by an owner, and not yet acted on by its author (duplicated or dismissed).
    package var rejectionOpen = false
    package init(id: Int64, text: String, dueAt: Int64, dueZone: String, dueLocal: String, latenessLimitSeconds: Int, source: String, createdAt: Int64, updatedAt: Int64, queued: Bool, seriesID: Int64? = nil, seriesIndex: Int? = nil, options: String? = nil, editedAlone: Bool = false, writtenBy: String? = nil, rejectionOpen: Bool = false) {
        self.id = id
        self.text = text
        self.dueAt = dueAt
        self.dueZone = dueZone
        self.dueLocal = dueLocal
        self.latenessLimitSeconds = latenessLimitSeconds
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.queued = queued
        self.seriesID = seriesID
        self.seriesIndex = seriesIndex
        self.options = options
        self.editedAlone = editedAlone
        self.writtenBy = writtenBy
        self.rejectionOpen = rejectionOpen
    }
}

/// A delivery as a store reads it from its row and its account's.
package struct StoredDelivery: Sendable {
    package var id: Int64
    package var postID: Int64
    package var accountID: Int64
    package var network: Network
    package var handle: String
    package var state: DeliveryState
    package var textOverride: String?
    package var remoteID: String?
    package var remoteURL: String?
    package var publishedAt: Int64?
    package var nextAttemptAt: Int64
    package var attemptCount: Int
    package var lastError: String?
    package var needsCheck: Bool
    package var firstComment: String?
    package var partCount: Int
    package var throttledUntil: Int64?
    package init(id: Int64, postID: Int64, accountID: Int64, network: Network, handle: String, state: DeliveryState, textOverride: String? = nil, remoteID: String? = nil, remoteURL: String? = nil, publishedAt: Int64? = nil, nextAttemptAt: Int64, attemptCount: Int, lastError: String? = nil, needsCheck: Bool, firstComment: String? = nil, partCount: Int, throttledUntil: Int64? = nil) {
        self.id = id
        self.postID = postID
        self.accountID = accountID
        self.network = network
        self.handle = handle
        self.state = state
        self.textOverride = textOverride
        self.remoteID = remoteID
        self.remoteURL = remoteURL
        self.publishedAt = publishedAt
        self.nextAttemptAt = nextAttemptAt
        self.attemptCount = attemptCount
        self.lastError = lastError
        self.needsCheck = needsCheck
        self.firstComment = firstComment
        self.partCount = partCount
        self.throttledUntil = throttledUntil
    }
}

/// What a store read for a page of posts, apart from the posts themselves: each delivery, the parts of deliveries in
/// several parts that are out, the media by post and part, the threads, and the templates of their series.
package struct StoredPostDetails: Sendable {
    package var deliveries: [StoredDelivery]
    package var publishedParts: [Int64: [PublishedPart]]
    package var mediaByPart: [Int64: [Int: [MediaItem]]]
    package var threads: [Int64: [ThreadPart]]
    package var templates: [Int64: SeriesTemplate]
    package init(deliveries: [StoredDelivery], publishedParts: [Int64: [PublishedPart]], mediaByPart: [Int64: [Int: [MediaItem]]], threads: [Int64: [ThreadPart]], templates: [Int64: SeriesTemplate]) {
        self.deliveries = deliveries
        self.publishedParts = publishedParts
        self.mediaByPart = mediaByPart
        self.threads = threads
        self.templates = templates
    }
}
