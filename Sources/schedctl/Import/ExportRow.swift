import Foundation
import SchedulerCore

/// One post as an import row.
struct ExportRow {
    var at: String
    var tz: String
    var to: [String]
    var text: String
    var lateness: String
    var mediaIDs: [String]
    var alts: [String]
    var textFor: [String: String]

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
        textFor = Dictionary(post.deliveries.compactMap { delivery in delivery.text.map { (delivery.account, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    var object: [String: Any] {
        var object: [String: Any] = ["at": at, "tz": tz, "to": to, "text": text, "lateness": lateness]
        if !mediaIDs.isEmpty { object["media_id"] = mediaIDs; object["alt"] = alts }
        if !textFor.isEmpty { object["text_for"] = textFor }
        return object
    }
}
