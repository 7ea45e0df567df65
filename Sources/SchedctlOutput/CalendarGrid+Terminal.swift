import Foundation
import SchedulerCore

/// `schedctl calendar` drawn for a terminal: the days ``CalendarGrid/days(_:zone:)`` laid out, as a grid of days that
/// fits the terminal's width (or a list when it is too narrow), each entry marked by its state and coloured when asked.
extension CalendarGrid {
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

    /// What the networks' short names mean, from the one list of networks (``Network/shortNameKey(_:)``).
    public static let networkLegend = Network.shortNameKey()

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

    /// Each entry on one line in a wide cell; in a narrow one (under 24 columns) its time and networks, going on over
    /// further lines rather than being cut (issue 48, item 13: two networks showed as `X…`), then the start of its
    /// text on the next, so the text still shows.
    private static func cell(_ day: CalendarDay, width: Int, limit: Int, color: Bool) -> [String] {
        let entries = day.entries
        let shown = entries.prefix(day.total > limit ? limit - 1 : limit)
        var lines: [String] = []
        for entry in shown {
            if width < 24 {
                lines += headLines(entry, width: width).map { paint(pad($0, width), entry.state, color) }
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

    /// `✓ 08:11 X,FB,` then `  LI`: the mark, the time and every network's short name whole, a line broken after a
    /// comma. The short names are at most two characters and a cell at least nine wide, so each fits on a line.
    static func headLines(_ entry: CalendarEntry, width: Int) -> [String] {
        var lines = ["\(mark(entry.state)) \(entry.time)"]
        for (index, code) in entry.networks.enumerated() {
            let piece = code + (index < entry.networks.count - 1 ? "," : "")
            let joined = lines[lines.count - 1] + (index == 0 ? " " : "") + piece
            if joined.count <= width { lines[lines.count - 1] = joined } else { lines.append("  " + piece) }
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
