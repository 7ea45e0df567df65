import Foundation
import SchedulerCore

/// `schedctl runs inbox` for people: the folder, the files still arriving, and what became of each file taken.
public enum InboxText {
    /// Issue 48, item 7: the times were wall clocks in a zone named nowhere; the table's header names `zone` and a
    /// waiting file's line carries its offset, as `list` and `show` write them (``ZonedTime``).
    public static func render(_ inbox: InboxView, zone: TimeZone, width: Int, color: Bool) -> String {
        var lines = ["inbox: \(inbox.folder ?? "none")"]
        if !inbox.waiting.isEmpty {
            lines.append("")
            lines.append("waiting:")
            for file in inbox.waiting {
                lines.append("  \(file.name): \(waitingWords(file.state)) since \(ZonedTime.format(file.since, in: zone))")
            }
        }
        lines.append("")
        guard !inbox.files.isEmpty else {
            lines.append("No run has arrived yet. Put a .fit, .gpx or .tcx file in the folder; it is posted by the first [[runs.rules]] that fits.")
            return lines.joined(separator: "\n") + "\n"
        }
        let rows = inbox.files.map { file -> [Cell] in
            [Cell(ZonedTime.wallClock(file.updatedAt, in: zone)), Cell(file.name), outcome(file)]
        }
        let table = TextTable([.init("WHEN (\(ZonedTime.name(of: zone)))"), .init("FILE", shrinksTo: 12), .init("WHAT BECAME OF IT", shrinksTo: 20, wraps: true)],
                              rows: rows, shrinkOrder: [2, 1])
        lines.append(table.render(width: width, color: color))
        return lines.joined(separator: "\n") + "\n"
    }

    static func waitingWords(_ state: String) -> String {
        switch state {
        case "writing": "still being written"
        case "settling": "written, settling"
        case "held": "being taken by another daemon"
        default: state
        }
    }

    static func outcome(_ file: InboxFileView) -> Cell {
        let again = file.seenAgain > 0 ? " (arrived again \(file.seenAgain)×, skipped)" : ""
        switch file.state {
        case "posted": return Cell(file.postId.map { "post \($0)\(again)" } ?? "a post since deleted\(again)", .good)
        case "failed": return Cell("not posted: \(file.error ?? "no reason kept") (see failed/)", .bad)
        default: return Cell("being taken")
        }
    }
}
