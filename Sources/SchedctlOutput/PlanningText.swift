import Foundation
import SchedulerCore

/// `schedctl queue` and `schedctl slots` for people, fitted to the width (issue 25, bug 8).
public enum PlanningText {
    /// Each account's slots, then its queued posts, one a line with its time in the slots' zone (named on the
    /// account's line) and as much of its text as fits, then its next free slots.
    public static func queue(_ views: [QueueView], width: Int) -> String {
        var lines: [String] = []
        for view in views {
            let zone = view.zone.flatMap(TimeZone.init(identifier:))
            lines.append(Wrap.labelled("\(view.account): ", view.slots.map { "\(dayGroups($0))  (\(view.zone ?? "UTC"))" } ?? "no posting slots",
                                       width: width, separator: "  "))
            if view.posts.isEmpty { lines.append("  nothing queued") }
            for post in view.posts {
                let due = post.dueAt.map { ZonedTime.wallClock($0, in: zone) } ?? "draft"
                let head = "  \(due)  post \(post.id)  "
                lines.append(head + Cell(PostListText.oneLine(post.text)).clipped(to: max(Self.textFloor, width - head.count)).plain)
            }
            if !view.nextFree.isEmpty {
                lines.append(Wrap.labelled("  next free: ", view.nextFree.map { ZonedTime.wallClock($0, in: zone) }.joined(separator: ", "), width: width,
                                           separator: ", "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The fewest characters of a text shown, however narrow the width: a start to recognise it by.
    static let textFloor = 10

    /// Every account's slots as a table: the account is cut if it must be, the zone never, the slots go on over
    /// further lines rather than being cut (a slot left out would look like a slot that is not there).
    public static func slots(_ views: [SlotsView], terminal: Terminal) -> String {
        let groups = views.map { dayGroups($0.slots ?? "") }
        // The slots column keeps room for its widest day and times, so that a day is broken off its times only when
        // the account has been cut as far as it can.
        let widestDay = groups.flatMap { $0.components(separatedBy: "  ") }.map(\.count).max() ?? 0
        let columns = [TextTable.Column("ACCOUNT", shrinksTo: 12), TextTable.Column("ZONE"),
                       TextTable.Column("SLOTS", shrinksTo: max(16, widestDay), wraps: true, breaksAt: "  ")]
        let rows: [[Cell]] = zip(views, groups).map { view, slots in [Cell(view.account), Cell(view.zone ?? ""), Cell(slots)] }
        return TextTable(columns, rows: rows, shrinkOrder: [2, 0]).render(width: terminal.columns, color: terminal.color)
    }

    /// What `slots set` and `slots clear` changed: the account's slots and zone, each post moved to another slot (both
    /// times in the slots' zone, written as every time for people is, ``ZonedTime``: issue 48, item 7, it was
    /// "from 2026-12-07T06:30:00Z to 2026-12-07 07:00:00"), and each post that kept a time no longer a slot.
    public static func slotsChanged(_ view: SlotsView, width: Int) -> String {
        var lines: [String] = []
        if let slots = view.slots, let zone = view.zone {
            lines.append("\(view.account): \(slots) (\(zone))")
        } else {
            lines.append("\(view.account): no posting slots")
        }
        let zone = view.zone.flatMap(TimeZone.init(identifier:))
        for moved in view.retimed ?? [] {
            lines.append(Wrap.hanging("  moved post \(moved.postId) from \(ZonedTime.format(moved.from, in: zone)) to "
                                      + "\(ZonedTime.format(moved.to, in: zone)): its time is no longer a slot", width: width, indent: 4))
            if let note = moved.note { lines.append(Wrap.hanging("    note: \(note)", width: width, indent: 6)) }
        }
        for id in view.kept ?? [] {
            lines.append(Wrap.hanging("  post \(id) keeps its time: it is no longer a slot, and no free slot of all its accounts was found",
                                      width: width, indent: 4))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `mon-fri 07:30,12:15  sat 09:00`: each day and its times apart from the next by two spaces, where a line may
    /// break, so a day is never left without its times.
    static func dayGroups(_ slots: String) -> String {
        var groups: [String] = []
        for word in slots.split(separator: " ") {
            if let first = word.first, first.isNumber, !groups.isEmpty { groups[groups.count - 1] += " " + word } else { groups.append(String(word)) }
        }
        return groups.joined(separator: "  ")
    }
}
