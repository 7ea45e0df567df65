import Foundation

/// One of the next days `status` shows in brief: the first posts still to go out that day and how many there are.
///
/// Built by the daemon from an index walk that stops early (the first few posts, a count up to a bound), so `status`
/// costs the same at a million pending posts as at ten (issue 25, bug 19: it read every post of the days shown).
public struct UpcomingDayView: Codable, Sendable, Equatable {
    /// `2026-11-24`, in the daemon's zone.
    public var date: String
    /// `Tue`.
    public var weekday: String
    /// The first posts still to go out that day (a delivery scheduled, retrying or publishing), earliest first.
    public var posts: [UpcomingPostView]
    /// Posts still to go out that day, counted up to ``countLimit``.
    public var count: Int
    /// True when the day holds more than `count` (the count stopped at its bound).
    public var countIsAtLeast: Bool

    /// How far a day's posts are counted: past it, `status` says "1,000 or more".
    public static let countLimit = 1_000

    enum CodingKeys: String, CodingKey {
        case date, weekday, posts, count
        case countIsAtLeast = "count_is_at_least"
    }

    public init(date: String, weekday: String, posts: [UpcomingPostView], count: Int, countIsAtLeast: Bool) {
        self.date = date; self.weekday = weekday; self.posts = posts; self.count = count; self.countIsAtLeast = countIsAtLeast
    }
}

/// A post still to go out, as the next days show it: when, and to which networks.
public struct UpcomingPostView: Codable, Sendable, Equatable {
    public var id: Int64
    public var dueAt: Date
    /// The networks of its deliveries still to go out.
    public var networks: [Network]

    enum CodingKeys: String, CodingKey {
        case id, networks
        case dueAt = "due_at"
    }

    public init(id: Int64, dueAt: Date, networks: [Network]) {
        self.id = id; self.dueAt = dueAt; self.networks = networks
    }
}
