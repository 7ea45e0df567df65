import Foundation
import SchedulerCore

/// A post as the stores keep it, with one delivery per target account: the facts a service shows as a `PostView`.
package struct PostRecord: Sendable, Equatable {
    package var id: Int64
    package var text: String
    /// Nil for a draft, which has no time yet.
    package var dueAt: Date?
    package var dueZone: String
    package var dueLocal: String
    package var latenessLimitSeconds: Int
    package var source: String
    package var createdAt: Date
    package var updatedAt: Date
    package var deliveries: [DeliveryRecord]
    package var media: [MediaRecord]
    /// Set when the time typed happened twice in the zone and the first was taken.
    package var notes: [String]?
    /// True for a post placed in a posting slot, which moves when its slot is removed.
    package var queued: Bool?
    /// The series this post is an occurrence of.
    package var series: PostSeriesRecord?
    /// An X thread's parts after the first (which is `text` and `media`), in order.
    package var thread: [ThreadPartRecord]?
    package var options: PostOptions?
    /// The web app's person who wrote it.
    package var writtenBy: String?
    /// True for a post an owner rejected that its author has not yet acted on.
    package var rejectionOpen: Bool?

    /// What an edit names as its precondition: the milliseconds of `updatedAt`, which the stores make grow with every change.
    package var version: Int64 { PostView.version(of: updatedAt) }

    package init(id: Int64, text: String, dueAt: Date?, dueZone: String, dueLocal: String, latenessLimitSeconds: Int,
                 source: String, createdAt: Date, updatedAt: Date, deliveries: [DeliveryRecord], media: [MediaRecord] = [],
                 notes: [String]? = nil, queued: Bool? = nil, series: PostSeriesRecord? = nil, thread: [ThreadPartRecord]? = nil,
                 options: PostOptions? = nil, writtenBy: String? = nil, rejectionOpen: Bool? = nil) {
        self.id = id; self.text = text; self.dueAt = dueAt; self.dueZone = dueZone; self.dueLocal = dueLocal
        self.latenessLimitSeconds = latenessLimitSeconds; self.source = source
        self.createdAt = createdAt; self.updatedAt = updatedAt; self.deliveries = deliveries; self.media = media; self.notes = notes
        self.queued = queued; self.series = series; self.thread = thread; self.options = options
        self.writtenBy = writtenBy; self.rejectionOpen = rejectionOpen
    }
}

/// A part of an X thread after the first: its text and its own media.
package struct ThreadPartRecord: Sendable, Equatable {
    package var text: String
    package var media: [MediaRecord]

    package init(text: String, media: [MediaRecord] = []) {
        self.text = text
        self.media = media
    }
}

/// Which series a post is an occurrence of, which occurrence, and what the series is made from.
package struct PostSeriesRecord: Sendable, Equatable {
    package var id: Int64
    /// From 1.
    package var index: Int
    /// RFC 5545's form.
    package var rule: String
    package var text: String?
    /// Per-account texts, by account (`network:@handle`).
    package var textFor: [String: String]?
    /// The wall-clock time of the series' first occurrence, in `zone`.
    package var start: String?
    package var zone: String?
    /// True for an occurrence changed on its own, which a series edit leaves as it is.
    package var editedAlone: Bool?

    package init(id: Int64, index: Int, rule: String, text: String? = nil, textFor: [String: String]? = nil, start: String? = nil,
                 zone: String? = nil) {
        self.id = id; self.index = index; self.rule = rule
        self.text = text; self.textFor = textFor; self.start = start; self.zone = zone
    }
}

/// A file attached to a post, stored in the daemon's state directory.
package struct MediaRecord: Sendable, Equatable {
    /// The file's SHA-256.
    package var id: String
    package var kind: String
    package var contentType: String
    package var size: Int
    package var width: Int?
    package var height: Int?
    package var alt: String?

    package init(id: String, kind: String, contentType: String, size: Int, width: Int?, height: Int?, alt: String?) {
        self.id = id; self.kind = kind; self.contentType = contentType; self.size = size
        self.width = width; self.height = height; self.alt = alt
    }
}
