import Foundation
import SchedulerCore

/// One post as an import row; a series as one row for its next occurrence, with what continues it.
struct ExportRow {
    var at: String
    var tz: String
    var to: [String]
    var text: String
    var lateness: String
    var mediaIDs: [String]
    var alts: [String]
    var textFor: [String: String]
    /// A series' rule (with its UNTIL or COUNT), as `--repeat` reads it.
    var repeatRule: String?
    /// A series' first occurrence, `2026-12-03 18:30` in `tz`: `{{n}}` and COUNT count from it on import.
    var seriesStart: String?
    /// The files written by `--media-dir`, relative to the export, in the order of `mediaIDs`; empty without it.
    var mediaPaths: [String] = []
    /// Mastodon's visibility and content warning and the text's language; empty for none.
    var options = PostOptions()

    /// The time as its wall-clock reading with its offset (`2027-10-31T02:30:00+01:00`): readable, and exact even in
    /// the hour that happens twice when the clocks go back.
    init(_ post: PostView) {
        let offset = TimeZone(identifier: post.dueZone).map { $0.secondsFromGMT(for: post.dueAt ?? Date()) } ?? 0
        let sign = offset < 0 ? "-" : "+"
        at = post.dueLocal + String(format: "%@%02d:%02d", sign, abs(offset) / 3_600, abs(offset) % 3_600 / 60)
        tz = post.dueZone
        to = post.deliveries.map(\.account)
        text = post.text
        lateness = DurationParser.format(seconds: post.latenessLimitSeconds)
        mediaIDs = post.media.map(\.id)
        alts = post.media.map { $0.alt ?? "" }
        options = post.options ?? PostOptions()
        textFor = Dictionary(post.deliveries.compactMap { delivery in delivery.text.map { (delivery.account, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    /// A series from `next`, its first occurrence still to come: that occurrence's time, accounts and media, and the
    /// series' texts (placeholders and all), rule and start, so that an import continues the series where it is
    /// instead of starting it again. Nil when the daemon does not say what the series is.
    init?(series next: PostView) {
        guard let series = next.series, let template = series.text, let start = series.start else { return nil }
        self.init(next)
        text = template
        textFor = series.textFor ?? [:]
        repeatRule = series.rule
        seriesStart = start.prefix(16).replacingOccurrences(of: "T", with: " ") + (start.hasSuffix(":00") ? "" : start.suffix(3))
    }

    var object: [String: Any] {
        var object: [String: Any] = ["at": at, "tz": tz, "to": to, "text": text, "lateness": lateness]
        if !mediaPaths.isEmpty { object["media"] = mediaPaths; object["alt"] = alts } else if !mediaIDs.isEmpty { object["media_id"] = mediaIDs; object["alt"] = alts }
        if !textFor.isEmpty { object["text_for"] = textFor }
        if let repeatRule { object["repeat"] = repeatRule }
        if let seriesStart { object["series_start"] = seriesStart }
        for (column, value) in optionColumns where !value.isEmpty { object[column] = value }
        return object
    }

    /// The options as the import's columns read them, in the order the CSV writes them.
    var optionColumns: KeyValuePairs<String, String> {
        ["visibility": options.visibility?.rawValue ?? "", "content_warning": options.contentWarning ?? "", "language": options.language ?? ""]
    }

    /// Every post one row, except that each series is one row for its first occurrence still waiting (every delivery
    /// `scheduled`); its occurrences after that one are the series' to create. Occurrences before it (going out,
    /// or finished, with `--state all`) stay rows of their own.
    static func rows(_ posts: [PostView]) -> [ExportRow] {
        var continued: Set<Int64> = []
        var rows: [ExportRow] = []
        for post in posts {
            if let series = post.series {
                if continued.contains(series.id) { continue }
                if post.deliveries.allSatisfy({ $0.state == .scheduled }), let row = ExportRow(series: post) {
                    continued.insert(series.id)
                    rows.append(row)
                    continue
                }
            }
            rows.append(ExportRow(post))
        }
        return rows
    }
}
