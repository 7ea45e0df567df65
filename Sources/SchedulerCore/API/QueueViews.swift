import Foundation

/// `PUT /v1/accounts/{ref}/slots`: the account's posting slots, as `schedctl slots set` takes them.
public struct SetSlotsRequest: Codable, Sendable, Equatable {
    /// Day groups and their times: `["mon-fri", "07:30,12:15", "sat", "09:00"]` (one string with spaces works too).
    public var slots: [String]
    /// IANA zone the times are read in; the daemon's zone when absent.
    public var tz: String?

    public init(slots: [String], tz: String? = nil) {
        self.slots = slots; self.tz = tz
    }
}

/// An account's posting slots, and what changing them did to its queue.
public struct SlotsView: Codable, Sendable, Equatable {
    public var accountId: Int64
    public var account: String
    /// Nil when the account has no slots.
    public var zone: String?
    /// The slots in the form `slots set` reads (`mon-fri 07:30,12:15 sat 09:00`); nil when there are none.
    public var slots: String?
    /// Queued posts moved because their time is no longer a slot.
    public var retimed: [RetimedPostView]?
    /// Queued posts that no longer fit and found no free slot: they keep their time.
    public var kept: [Int64]?

    enum CodingKeys: String, CodingKey {
        case account, zone, slots, retimed, kept
        case accountId = "account_id"
    }

    public init(accountId: Int64, account: String, zone: String?, slots: String?, retimed: [RetimedPostView]? = nil, kept: [Int64]? = nil) {
        self.accountId = accountId; self.account = account; self.zone = zone; self.slots = slots; self.retimed = retimed; self.kept = kept
    }
}

/// A queued post moved to another slot.
public struct RetimedPostView: Codable, Sendable, Equatable {
    public var postId: Int64
    public var from: Date
    public var to: Date
    /// The new time as a wall-clock reading in the slots' zone.
    public var toLocal: String
    /// Set when the clocks moved the slot that day.
    public var note: String?

    enum CodingKeys: String, CodingKey {
        case from, to, note
        case postId = "post_id", toLocal = "to_local"
    }

    public init(postId: Int64, from: Date, to: Date, toLocal: String, note: String?) {
        self.postId = postId; self.from = from; self.to = to; self.toLocal = toLocal; self.note = note
    }
}

/// `GET /v1/queue`: one account's queue, in order, and its next free slots.
public struct QueueView: Codable, Sendable, Equatable {
    public var accountId: Int64
    public var account: String
    public var zone: String?
    public var slots: String?
    public var posts: [PostView]
    /// The next few slots no queued post to this account has taken.
    public var nextFree: [Date]

    enum CodingKeys: String, CodingKey {
        case account, zone, slots, posts
        case accountId = "account_id", nextFree = "next_free"
    }

    public init(accountId: Int64, account: String, zone: String?, slots: String?, posts: [PostView], nextFree: [Date]) {
        self.accountId = accountId; self.account = account; self.zone = zone; self.slots = slots; self.posts = posts; self.nextFree = nextFree
    }
}
