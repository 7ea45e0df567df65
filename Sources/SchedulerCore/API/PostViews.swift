import Foundation

/// A post as the control API shows it, with one entry per target account.
public struct PostView: Codable, Sendable, Equatable {
    public var id: Int64
    public var text: String
    /// Nil for a draft, which has no time yet.
    public var dueAt: Date?
    public var dueZone: String
    public var dueLocal: String
    public var latenessLimitSeconds: Int
    public var source: String
    public var createdAt: Date
    public var updatedAt: Date
    /// What an edit names as its precondition (`version` in a patch, `If-Match` on the control API): it changes with
    /// every change to the post, so a patch built from an older reading is refused instead of undoing what came since.
    public var version: Int64
    public var deliveries: [DeliveryView]
    public var media: [MediaView]
    /// Set when the time typed happened twice in the zone and the first was taken.
    public var notes: [String]?
    /// True for a post placed in a posting slot (`--next-slot`), which moves when its slot is removed.
    public var queued: Bool?
    /// The series this post is an occurrence of (`--repeat`).
    public var series: PostSeriesView?
    /// An X thread's parts after the first (which is `text` and `media`), in order.
    public var thread: [ThreadPartView]?
    /// Mastodon's visibility and content warning, and the text's language; absent when the post has none.
    public var options: PostOptions?
    /// The web app's person who wrote it (absent for a post from schedctl, the API, the inbox or an import).
    public var writtenBy: String?
    /// True for a post an owner rejected that its author has not yet acted on (duplicated to change it, or dismissed).
    public var rejectionOpen: Bool?

    enum CodingKeys: String, CodingKey {
        case id, text, source, deliveries, notes, media, queued, series, thread, options, version
        case writtenBy = "written_by", rejectionOpen = "rejection_open"
        case dueAt = "due_at", dueZone = "due_zone", dueLocal = "due_local"
        case latenessLimitSeconds = "lateness_limit_s"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    public init(id: Int64, text: String, dueAt: Date?, dueZone: String, dueLocal: String, latenessLimitSeconds: Int,
                source: String, createdAt: Date, updatedAt: Date, deliveries: [DeliveryView], media: [MediaView] = [], notes: [String]? = nil,
                queued: Bool? = nil, series: PostSeriesView? = nil, thread: [ThreadPartView]? = nil, options: PostOptions? = nil,
                writtenBy: String? = nil, rejectionOpen: Bool? = nil) {
        self.writtenBy = writtenBy
        self.rejectionOpen = rejectionOpen
        self.thread = thread
        self.options = options
        self.queued = queued
        self.series = series
        self.id = id; self.text = text; self.dueAt = dueAt; self.dueZone = dueZone; self.dueLocal = dueLocal
        self.latenessLimitSeconds = latenessLimitSeconds; self.source = source
        self.createdAt = createdAt; self.updatedAt = updatedAt; self.deliveries = deliveries; self.media = media; self.notes = notes
        self.version = Self.version(of: updatedAt)
    }

    /// The version of a post last changed at `updatedAt`: its milliseconds, which the stores make grow with every change.
    public static func version(of updatedAt: Date) -> Int64 { Int64((updatedAt.timeIntervalSince1970 * 1000).rounded()) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        text = try container.decode(String.self, forKey: .text)
        dueAt = try container.decodeIfPresent(Date.self, forKey: .dueAt)
        dueZone = try container.decode(String.self, forKey: .dueZone)
        dueLocal = try container.decode(String.self, forKey: .dueLocal)
        latenessLimitSeconds = try container.decode(Int.self, forKey: .latenessLimitSeconds)
        source = try container.decode(String.self, forKey: .source)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        version = try container.decodeIfPresent(Int64.self, forKey: .version) ?? Self.version(of: updatedAt)
        deliveries = try container.decode([DeliveryView].self, forKey: .deliveries)
        media = try container.decodeIfPresent([MediaView].self, forKey: .media) ?? []
        notes = try container.decodeIfPresent([String].self, forKey: .notes)
        queued = try container.decodeIfPresent(Bool.self, forKey: .queued)
        series = try container.decodeIfPresent(PostSeriesView.self, forKey: .series)
        thread = try container.decodeIfPresent([ThreadPartView].self, forKey: .thread)
        options = try container.decodeIfPresent(PostOptions.self, forKey: .options)
        writtenBy = try container.decodeIfPresent(String.self, forKey: .writtenBy)
        rejectionOpen = try container.decodeIfPresent(Bool.self, forKey: .rejectionOpen)
    }
}

/// A part of an X thread after the first: its text and its own media.
public struct ThreadPartView: Codable, Sendable, Equatable {
    public var text: String
    public var media: [MediaView]

    public init(text: String, media: [MediaView] = []) {
        self.text = text
        self.media = media
    }
}

/// One part of a delivery in several parts that went out: the post (1), a thread's replies, the first comment (last).
public struct DeliveryPartView: Codable, Sendable, Equatable {
    public var part: Int
    /// `post`, `reply` (a thread's next part, or X's first comment) or `comment`.
    public var kind: String
    public var remoteId: String
    public var remoteUrl: String?
    public var publishedAt: Date

    enum CodingKeys: String, CodingKey {
        case part, kind
        case remoteId = "remote_id", remoteUrl = "remote_url", publishedAt = "published_at"
    }

    public init(part: Int, kind: String, remoteId: String, remoteUrl: String?, publishedAt: Date) {
        self.part = part; self.kind = kind; self.remoteId = remoteId; self.remoteUrl = remoteUrl; self.publishedAt = publishedAt
    }
}

/// Which series a post is an occurrence of, and which one; and the series itself, as `export` writes it back out.
public struct PostSeriesView: Codable, Sendable, Equatable {
    public var id: Int64
    /// From 1.
    public var index: Int
    /// RFC 5545's form, as `--repeat` was read.
    public var rule: String
    /// The text the occurrences are made from, placeholders and all (`edit --series` changes it).
    public var text: String?
    /// Per-account texts the occurrences are made from, by account (`network:@handle`).
    public var textFor: [String: String]?
    /// The wall-clock time (`2026-12-03T18:30:00`) of the series' first occurrence, which `{{n}}` and `COUNT` count
    /// from, in `zone`.
    public var start: String?
    public var zone: String?
    /// True for an occurrence changed on its own (`edit` without `--series`): a series edit leaves it as it is.
    public var editedAlone: Bool?

    enum CodingKeys: String, CodingKey {
        case id, index, rule, text, start, zone
        case textFor = "text_for", editedAlone = "edited_alone"
    }

    public init(id: Int64, index: Int, rule: String, text: String? = nil, textFor: [String: String]? = nil, start: String? = nil,
                zone: String? = nil) {
        self.id = id; self.index = index; self.rule = rule
        self.text = text; self.textFor = textFor; self.start = start; self.zone = zone
    }
}

/// A file attached to a post, stored in the daemon's state directory.
public struct MediaView: Codable, Sendable, Equatable {
    /// The file's SHA-256: what `POST /v1/media` answered and `media` in a schedule request names.
    public var id: String
    public var kind: String
    public var contentType: String
    public var size: Int
    public var width: Int?
    public var height: Int?
    public var alt: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, size, width, height, alt
        case contentType = "content_type"
    }

    public init(id: String, kind: String, contentType: String, size: Int, width: Int?, height: Int?, alt: String?) {
        self.id = id; self.kind = kind; self.contentType = contentType; self.size = size
        self.width = width; self.height = height; self.alt = alt
    }
}

/// One (post, account) delivery and its outcome.
public struct DeliveryView: Codable, Sendable, Equatable {
    public var id: Int64
    public var accountId: Int64
    /// `network:@handle`, the form `--to` accepts.
    public var account: String
    public var network: Network
    public var state: DeliveryState
    public var text: String?
    public var remoteId: String?
    public var remoteUrl: String?
    public var publishedAt: Date?
    public var nextAttemptAt: Date?
    public var attempts: Int
    public var error: String?
    /// An earlier request may have published it: at `nextAttemptAt` the network is looked at before anything is sent.
    public var lookUpFirst: Bool?
    /// The comment made under the post once it is out (on X, a reply at the thread's end).
    public var firstComment: String?
    /// How many requests make this delivery (the post, a thread's replies, the first comment); absent for a plain post.
    public var partCount: Int?
    /// The parts already on the network, in order, each with its remote id; absent for a plain post.
    public var parts: [DeliveryPartView]?
    /// A rate-limit budget holds this waiting delivery back until then (its next attempt); absent when none does.
    public var throttledUntil: Date?

    enum CodingKeys: String, CodingKey {
        case id, account, network, state, text, attempts, error, parts
        case throttledUntil = "throttled_until"
        case firstComment = "first_comment", partCount = "part_count"
        case accountId = "account_id", remoteId = "remote_id", remoteUrl = "remote_url"
        case publishedAt = "published_at", nextAttemptAt = "next_attempt_at", lookUpFirst = "look_up_first"
    }

    public init(id: Int64, accountId: Int64, account: String, network: Network, state: DeliveryState, text: String?,
                remoteId: String?, remoteUrl: String?, publishedAt: Date?, nextAttemptAt: Date?, attempts: Int, error: String?,
                lookUpFirst: Bool? = nil, firstComment: String? = nil, partCount: Int? = nil, parts: [DeliveryPartView]? = nil,
                throttledUntil: Date? = nil) {
        self.throttledUntil = throttledUntil
        self.firstComment = firstComment; self.partCount = partCount; self.parts = parts
        self.id = id; self.accountId = accountId; self.account = account; self.network = network; self.state = state
        self.text = text; self.remoteId = remoteId; self.remoteUrl = remoteUrl; self.publishedAt = publishedAt
        self.nextAttemptAt = nextAttemptAt; self.attempts = attempts; self.error = error; self.lookUpFirst = lookUpFirst
    }
}
