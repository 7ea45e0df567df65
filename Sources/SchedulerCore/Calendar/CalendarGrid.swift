import Foundation

/// One post in a calendar cell: its time, networks, state and the start of its text; or an occurrence of a repeating
/// post that is not a post yet (`planned`, with its series and number instead of a post id).
public struct CalendarEntry: Codable, Sendable, Equatable {
    public var postId: Int64?
    /// `HH:mm` in the calendar's zone.
    public var time: String
    /// Short names: X, FB, LI, IG.
    public var networks: [String]
    /// The post as a whole: draft, scheduled, published, failed (any delivery failed, missed or expired), unknown (any
    /// delivery may or may not be out) or cancelled; `planned` for an occurrence the daemon makes four weeks before it
    /// is due.
    public var state: String
    public var text: String
    /// For a planned occurrence: its series and its number in it.
    public var seriesId: Int64?
    public var occurrence: Int?

    enum CodingKeys: String, CodingKey {
        case time, networks, state, text, occurrence
        case postId = "post_id", seriesId = "series_id"
    }

    public init(postId: Int64?, time: String, networks: [String], state: String, text: String, seriesId: Int64? = nil, occurrence: Int? = nil) {
        self.postId = postId; self.time = time; self.networks = networks; self.state = state; self.text = text
        self.seriesId = seriesId; self.occurrence = occurrence
    }
}

/// One day of the calendar, in its zone.
public struct CalendarDay: Codable, Sendable, Equatable {
    /// `yyyy-MM-dd`.
    public var date: String
    public var weekday: String
    public var entries: [CalendarEntry]
    /// When the day holds more than its entries (only its first posts are fetched): how many in all, planned included.
    public var count: Int?
    /// True when `count` is a lower bound (the daemon stopped counting).
    public var countIsAtLeast: Bool?

    enum CodingKeys: String, CodingKey {
        case date, weekday, entries, count
        case countIsAtLeast = "count_is_at_least"
    }

    public init(date: String, weekday: String, entries: [CalendarEntry], count: Int? = nil, countIsAtLeast: Bool? = nil) {
        self.date = date; self.weekday = weekday; self.entries = entries; self.count = count; self.countIsAtLeast = countIsAtLeast
    }

    /// Entries and the ones not fetched: what "+N more" counts from.
    public var total: Int { max(entries.count, count ?? 0) }
}

/// `schedctl calendar`: posts laid out by day in a zone. Drawing them for a terminal (a grid of days that fits its
/// width, marks and colours) is SchedctlOutput's (`CalendarGrid+Terminal.swift`).
public enum CalendarGrid {

    /// The days as the daemon gave them (``CalendarDayView``), each with its posts and its planned occurrences by time, in
    /// `zone`; a day holding more posts than were sent says how many in ``CalendarDay/count``.
    public static func days(_ views: [CalendarDayView], zone: TimeZone) -> [CalendarDay] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func clock(_ instant: Date) -> String {
            let c = calendar.dateComponents([.hour, .minute], from: instant)
            return String(format: "%02d:%02d", c.hour!, c.minute!)
        }
        return views.map { view in
            var entries: [CalendarEntry] = view.posts.compactMap { post in
                guard let due = post.dueAt else { return nil }
                var networks: [String] = []
                for delivery in post.deliveries where !networks.contains(delivery.network.shortName) { networks.append(delivery.network.shortName) }
                return CalendarEntry(postId: post.id, time: clock(due), networks: networks, state: state(of: post),
                                     text: post.text.replacingOccurrences(of: "\n", with: " "))
            }
            for occurrence in view.planned {
                var networks: [String] = []
                for account in occurrence.accounts {
                    guard let network = account.split(separator: ":").first.flatMap({ Network(rawValue: String($0)) }),
                          !networks.contains(network.shortName) else { continue }
                    networks.append(network.shortName)
                }
                entries.append(CalendarEntry(postId: nil, time: clock(occurrence.dueAt), networks: networks, state: "planned",
                                             text: occurrence.text.replacingOccurrences(of: "\n", with: " "),
                                             seriesId: occurrence.seriesId, occurrence: occurrence.index))
            }
            entries.sort { $0.time < $1.time }
            let parts = view.date.split(separator: "-").compactMap { Int($0) }
            let weekday = parts.count == 3 ? calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
                .map { Weekday.short(Weekday.of($0, in: calendar)) } ?? "" : ""
            let total = view.count + view.planned.count
            return CalendarDay(date: view.date, weekday: weekday, entries: entries,
                               count: total > entries.count ? total : nil, countIsAtLeast: view.countIsAtLeast ? true : nil)
        }
    }

    /// A cancelled delivery beside others (an account removed) leaves the post as the others are.
    static func state(of post: PostView) -> String {
        let all = Set(post.deliveries.map(\.state))
        let states = all.subtracting([.cancelled])
        if states.isEmpty { return all.isEmpty ? "scheduled" : "cancelled" }
        if states.isSubset(of: [.published]) { return "published" }
        if !states.isDisjoint(with: [.failed, .missed, .expired]) { return "failed" }
        if states.contains(.unknown) { return "unknown" }
        if states.contains(.draft) { return "draft" }
        return "scheduled"
    }
}
