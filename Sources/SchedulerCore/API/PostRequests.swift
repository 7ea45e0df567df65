/// `POST /v1/posts`: schedule `text` to every account in `to` at `at`.
public struct SchedulePostRequest: Codable, Sendable, Equatable {
    public var text: String
    /// Account references: an id (`3`), `network:@handle`, `@handle` or `handle`.
    public var to: [String]
    /// Any form ``ScheduleTimeParser`` reads; absent only for a draft.
    public var at: String?
    /// IANA zone for wall-clock times (`--tz`); else `client_tz`; else the daemon's zone.
    public var tz: String?
    /// The zone of the person's machine (schedctl sends `$TZ`, else the system's zone), used when `tz` is absent, so a
    /// local time means what it means where it was typed.
    public var clientTz: String?
    /// How late the post may still go out after downtime, e.g. `30m`; the configured default when absent.
    public var lateness: String?
    /// Per-account text, keyed by the same references as `to`.
    public var overrides: [String: String]?
    /// Validate and show what would be sent without storing anything.
    public var dryRun: Bool?
    /// Files uploaded first with `POST /v1/media`, in order, each with its alt text.
    public var media: [MediaReference]?
    /// Store it as a draft: validated like any post, with no time, never published until scheduled.
    public var draft: Bool?
    /// Instead of `at`: the first posting slot of every target that no other queued post to them has taken.
    public var nextSlot: Bool?
    /// Repeat from `at`: an RRULE (`FREQ=WEEKLY;BYDAY=MO,TH`) or a typed form (`weekly on mon,thu`).
    public var repeatRule: String?
    /// With `repeat`: the last day an occurrence may fall on, `yyyy-MM-dd` in the post's zone.
    public var until: String?
    /// With `repeat`, when `at` continues a series (as `export` writes one): the wall-clock time of the series' first
    /// occurrence, in the post's zone. `at` must be one of its occurrences; none before it is created again, and
    /// `{{n}}` and `COUNT` count from this start.
    public var seriesStart: String?
    /// An X thread: the parts after the first (which is `text` with `media`), each a reply to the one before.
    public var thread: [ThreadPartRequest]?
    /// A comment made under the post once it is out (on X, a reply at the thread's end), for every account…
    public var firstComment: String?
    /// …or for one account, keyed by the same references as `to`.
    public var firstCommentFor: [String: String]?
    /// Mastodon: `public`, `unlisted`, `private` or `direct`; the account's own default when absent.
    public var visibility: String?
    /// Mastodon: a content warning shown in place of the text until the reader opens it.
    public var contentWarning: String?
    /// The text's language, an ISO 639 code (`en`), for Mastodon and Bluesky.
    public var language: String?

    enum CodingKeys: String, CodingKey {
        case text, to, at, tz, lateness, overrides, media, draft, until, thread, visibility, language
        case contentWarning = "content_warning"
        case dryRun = "dry_run", nextSlot = "next_slot", repeatRule = "repeat", clientTz = "client_tz", seriesStart = "series_start"
        case firstComment = "first_comment", firstCommentFor = "first_comment_for"
    }

    public init(text: String, to: [String], at: String?, tz: String? = nil, lateness: String? = nil,
                overrides: [String: String]? = nil, dryRun: Bool? = nil, media: [MediaReference]? = nil, draft: Bool? = nil,
                nextSlot: Bool? = nil, repeatRule: String? = nil, until: String? = nil, thread: [ThreadPartRequest]? = nil,
                firstComment: String? = nil, firstCommentFor: [String: String]? = nil, clientTz: String? = nil,
                seriesStart: String? = nil, visibility: String? = nil, contentWarning: String? = nil, language: String? = nil) {
        self.visibility = visibility; self.contentWarning = contentWarning; self.language = language
        self.clientTz = clientTz
        self.seriesStart = seriesStart
        self.thread = thread; self.firstComment = firstComment; self.firstCommentFor = firstCommentFor
        self.text = text; self.to = to; self.at = at; self.tz = tz; self.lateness = lateness
        self.overrides = overrides; self.dryRun = dryRun; self.media = media; self.draft = draft; self.nextSlot = nextSlot
        self.repeatRule = repeatRule; self.until = until
    }
}

/// A part of an X thread after the first: its text and its own media (uploaded first with `POST /v1/media`).
public struct ThreadPartRequest: Codable, Sendable, Equatable {
    public var text: String
    public var media: [MediaReference]?

    public init(text: String, media: [MediaReference]? = nil) {
        self.text = text
        self.media = media
    }
}

/// `POST /v1/posts/{id}/reject`: why an owner does not let a post awaiting approval go out.
public struct RejectPostRequest: Codable, Sendable, Equatable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
}

/// `POST /v1/posts/{id}/schedule`: give a draft its time.
public struct ScheduleDraftRequest: Codable, Sendable, Equatable {
    /// Any form ``ScheduleTimeParser`` reads; absent with `next_slot`.
    public var at: String?
    /// IANA zone for a wall-clock `at`; the draft's zone when absent.
    public var tz: String?
    /// Instead of `at`: the first free posting slot of every target.
    public var nextSlot: Bool?

    enum CodingKeys: String, CodingKey {
        case at, tz
        case nextSlot = "next_slot"
    }

    public init(at: String?, tz: String? = nil, nextSlot: Bool? = nil) {
        self.at = at; self.tz = tz; self.nextSlot = nextSlot
    }
}

/// A stored media file named in a schedule request.
public struct MediaReference: Codable, Sendable, Equatable {
    public var id: String
    public var alt: String?
    /// The file as the person named it (the path they typed), so that a problem with it names what they gave, not
    /// the daemon's copy; only for messages, never stored.
    public var name: String?

    public init(id: String, alt: String? = nil, name: String? = nil) {
        self.id = id
        self.alt = alt
        self.name = name
    }
}

/// `PATCH /v1/posts/{id}`: change what has not gone out yet: the text, time, lateness and media of a post whose
/// deliveries all wait, or one account's text, or the accounts it goes to.
public struct EditPostRequest: Codable, Sendable, Equatable {
    public var text: String?
    public var at: String?
    public var tz: String?
    public var lateness: String?
    /// With `text`: the text of every occurrence still to come of the post's series, and of those created later.
    public var series: Bool?
    /// Per-account texts, keyed by account reference (an account of the post, or one of `add_to`).
    public var overrides: [String: String]?
    /// Replaces every file of the post (uploaded first with `POST /v1/media`); `[]` removes them.
    public var media: [MediaReference]?
    /// Accounts to add, and accounts to drop, by reference.
    public var addTo: [String]?
    public var removeFrom: [String]?
    /// The first comment of every account; `""` removes it.
    public var firstComment: String?
    /// Mastodon's visibility and content warning, and the text's language; `""` takes each away.
    public var visibility: String?
    public var contentWarning: String?
    public var language: String?
    /// The post's version this change was built from (``PostView/version``): if the post changed since, the edit is
    /// refused (409) and nothing is written. Absent, the change applies to the post as it is.
    public var version: Int64?
    /// With `at`: failed, missed and expired deliveries are scheduled again at the new time (with the other changes).
    public var reschedule: Bool?

    enum CodingKeys: String, CodingKey {
        case text, at, tz, lateness, series, overrides, media, visibility, language, version, reschedule
        case addTo = "add_to", removeFrom = "remove_from", firstComment = "first_comment", contentWarning = "content_warning"
    }

    public init(text: String? = nil, at: String? = nil, tz: String? = nil, lateness: String? = nil, series: Bool? = nil,
                overrides: [String: String]? = nil, media: [MediaReference]? = nil, addTo: [String]? = nil, removeFrom: [String]? = nil,
                firstComment: String? = nil, visibility: String? = nil, contentWarning: String? = nil, language: String? = nil,
                version: Int64? = nil, reschedule: Bool? = nil) {
        self.text = text; self.at = at; self.tz = tz; self.lateness = lateness; self.series = series
        self.overrides = overrides; self.media = media; self.addTo = addTo; self.removeFrom = removeFrom
        self.firstComment = firstComment; self.visibility = visibility; self.contentWarning = contentWarning; self.language = language
        self.version = version; self.reschedule = reschedule
    }

    /// True when the request changes a delivery's text, the media, the accounts, the first comment or the options.
    public var changesDeliveries: Bool {
        overrides?.isEmpty == false || media != nil || addTo?.isEmpty == false || removeFrom?.isEmpty == false || changesOptions
            || firstComment != nil
    }

    /// True when the request changes Mastodon's visibility or content warning or the language.
    public var changesOptions: Bool { visibility != nil || contentWarning != nil || language != nil }
}

/// `POST /v1/posts/{id}/cancel` answer and `schedule --dry-run` preview share this: what each account gets.
public struct DeliveryPreview: Codable, Sendable, Equatable {
    public var account: String
    public var network: Network
    public var text: String
    public var weightedLength: Int
    public var request: JSONValue

    enum CodingKeys: String, CodingKey {
        case account, network, text, request
        case weightedLength = "weighted_length"
    }

    public init(account: String, network: Network, text: String, weightedLength: Int, request: JSONValue) {
        self.account = account; self.network = network; self.text = text
        self.weightedLength = weightedLength; self.request = request
    }
}

/// The answer to a dry run: nothing stored, this is what would be sent.
public struct DryRunView: Codable, Sendable, Equatable {
    public var dryRun: Bool
    public var dueAt: String
    public var dueZone: String
    public var dueLocal: String
    public var deliveries: [DeliveryPreview]
    /// What the person should know about the post as it would be stored: how the time was read (the zone used, a day
    /// moved, a time that happens twice) and what was changed in the media (a PNG converted to JPEG for Instagram).
    public var notes: [String]?
    /// For a repeating post: its first occurrences, and the first after each change of the zone's offset within a year,
    /// so the times can be checked across a DST change before anything is stored.
    public var occurrences: [PlannedOccurrenceView]?

    enum CodingKeys: String, CodingKey {
        case deliveries, notes, occurrences
        case dryRun = "dry_run", dueAt = "due_at", dueZone = "due_zone", dueLocal = "due_local"
    }

    public init(dueAt: String, dueZone: String, dueLocal: String, deliveries: [DeliveryPreview], notes: [String]? = nil) {
        self.dryRun = true; self.dueAt = dueAt; self.dueZone = dueZone; self.dueLocal = dueLocal; self.deliveries = deliveries
        self.notes = notes
    }
}
