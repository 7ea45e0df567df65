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
    var total: Int { max(entries.count, count ?? 0) }
}

/// `schedctl calendar`: posts laid out by day in a zone, and drawn as a grid of days that fits a terminal's width.
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

    /// Issue 25: the state was told by colour alone, which a pipe, `NO_COLOR` and some eyes cannot see; each entry
    /// starts with its state's mark.
    static let marks: [(state: String, mark: String)] = [
        ("published", "✓"), ("failed", "✗"), ("unknown", "?"), ("scheduled", "·"), ("planned", "~"), ("draft", "d"), ("cancelled", "-"),
    ]

    /// `✓` published, `✗` failed, `?` unknown, `·` scheduled, `~` planned (an occurrence not made yet), `d` draft,
    /// `-` cancelled.
    static func mark(_ state: String) -> String {
        marks.first { $0.state == state }?.mark ?? "·"
    }

    /// What the marks mean, printed under the calendar.
    public static let legend = marks.map { "\($0.mark) \($0.state)" }.joined(separator: "  ")

    /// The days as rows of seven columns (a week, or the weeks of a month), each cell's lines being its posts
    /// (`✓ 07:30 X,FB Monday run…`), at most `perCell` of them then `+N more`; `width` is the whole line's. Below 7
    /// columns of 9, a list of days instead. Colours
    /// are ANSI escapes around each entry, by state, when `color`.
    public static func render(_ days: [CalendarDay], width: Int, perCell: Int = 12, color: Bool = false) -> String {
        let cellWidth = (width - 8) / 7
        guard cellWidth >= 9, days.count % 7 == 0 else { return list(days, width: width, color: color) }
        var lines: [String] = []
        let border = "+" + Array(repeating: String(repeating: "-", count: cellWidth), count: 7).joined(separator: "+") + "+"
        for week in stride(from: 0, to: days.count, by: 7).map({ Array(days[$0..<$0 + 7]) }) {
            lines.append(border)
            lines.append("|" + week.map { pad("\($0.weekday) \($0.date.suffix(5))", cellWidth) }.joined(separator: "|") + "|")
            lines.append(border.replacingOccurrences(of: "-", with: "·"))
            let cells = week.map { cell($0, width: cellWidth, limit: perCell, color: color) }
            let height = max(1, cells.map(\.count).max() ?? 0)
            for row in 0..<height {
                lines.append("|" + cells.map { row < $0.count ? $0[row] : String(repeating: " ", count: cellWidth) }.joined(separator: "|") + "|")
            }
        }
        lines.append(border)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Too narrow for seven columns: one line per post under each day that has some.
    static func list(_ days: [CalendarDay], width: Int, color: Bool) -> String {
        var lines: [String] = []
        for day in days where day.total > 0 {
            lines.append("\(day.weekday) \(day.date)")
            for entry in day.entries { lines.append("  " + paint(clip(line(entry), max(10, width - 2)), entry.state, color)) }
            if day.total > day.entries.count {
                lines.append("  +\(day.total - day.entries.count)\(day.countIsAtLeast == true ? "+" : "") more (`schedctl list`)")
            }
        }
        return lines.isEmpty ? "nothing is due on these days\n" : lines.joined(separator: "\n") + "\n"
    }

    /// Each entry on one line in a wide cell; in a narrow one (under 24 columns) its time and networks on one line
    /// and the start of its text on the next, so the text still shows.
    private static func cell(_ day: CalendarDay, width: Int, limit: Int, color: Bool) -> [String] {
        let entries = day.entries
        let shown = entries.prefix(day.total > limit ? limit - 1 : limit)
        var lines: [String] = []
        for entry in shown {
            if width < 24 {
                lines.append(paint(pad("\(mark(entry.state)) \(entry.time) \(entry.networks.joined(separator: ","))", width), entry.state, color))
                lines.append(paint(pad("  " + entry.text, width), entry.state, color))
            } else {
                lines.append(paint(pad(line(entry), width), entry.state, color))
            }
        }
        if day.total > shown.count {
            lines.append(pad("+\(day.total - shown.count)\(day.countIsAtLeast == true ? "+" : "") more", width))
        }
        return lines
    }

    private static func line(_ entry: CalendarEntry) -> String {
        "\(mark(entry.state)) \(entry.time) \(entry.networks.joined(separator: ",")) \(entry.text)"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        let clipped = clip(text, width)
        return clipped + String(repeating: " ", count: max(0, width - clipped.count))
    }

    static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    private static func paint(_ text: String, _ state: String, _ color: Bool) -> String {
        guard color else { return text }
        let code = switch state {
        case "published": "32"
        case "failed", "unknown": "31"
        case "draft": "2"
        case "cancelled": "9;2"
        case "planned": "2;3"
        default: "36"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
