import Foundation

/// `GET /v1/calendar/days`: one day of the calendar as the daemon gives it, in the zone asked for: its first posts,
/// how many it holds in all (counted up to a bound), and the occurrences of repeating posts not made yet.
///
/// A day is read a bounded number of rows whatever the store holds, so a week's calendar costs the same at a million
/// posts as at ten, and every day of the range is there (issue 25, bug 19: a range was cut at its first 10,000 posts).
public struct CalendarDayView: Codable, Sendable, Equatable {
    /// `2026-11-24`.
    public var date: String
    /// The day's first posts by time, at most the `per_day` asked for.
    public var posts: [PostView]
    /// Posts that day in all, counted up to ``countLimit``.
    public var count: Int
    /// True when the day holds more than `count`.
    public var countIsAtLeast: Bool
    /// Occurrences of repeating posts due that day that are not posts yet.
    public var planned: [PlannedOccurrenceView]

    public static let countLimit = 1_000

    enum CodingKeys: String, CodingKey {
        case date, posts, count, planned
        case countIsAtLeast = "count_is_at_least"
    }

    public init(date: String, posts: [PostView], count: Int, countIsAtLeast: Bool, planned: [PlannedOccurrenceView]) {
        self.date = date; self.posts = posts; self.count = count; self.countIsAtLeast = countIsAtLeast; self.planned = planned
    }
}
