import Foundation
import SchedulerCore

/// `schedctl list` for people: one line per delivery, fitted to the terminal, each delivery coloured by its state.
public enum PostListText {
    /// The table of `posts`: the post's id, time and text on its first delivery's line, and every delivery with its
    /// account and its state. Issue 25, bug 8: at 80 columns a delivery's state was cut ("x:@kyiv_run_club sch…") or
    /// lost, so the state has a column of its own that is never cut; the text gives up room first (down to 20
    /// columns), then the account (down to 12), each cut cell ending in "…". A published delivery's URL (issue 16,
    /// bug 18) goes whole on a line of its own under it: a URL cut short cannot be opened.
    ///
    /// Every time is in `zone`, named once in the header (issue 25: posts kept in several zones looked unsorted when
    /// each was shown in its own).
    public static func table(_ posts: [PostView], zone: TimeZone, terminal: Terminal, showing filter: StateFilter = .all) -> String {
        table(posts.map(PostListRow.init), zone: zone, terminal: terminal, showing: filter)
    }

    /// The table of `posts` as `schedctl list` decodes them (``PostListRow``). With a `filter` (`list --state
    /// published`), only the deliveries in its states have lines; the others are counted on a line under the post,
    /// with their states and the `show` that lists them (issue 48, item 11: a post's cancelled deliveries were listed as
    /// published ones were). A post none of whose deliveries match keeps its first line.
    public static func table(_ posts: [PostListRow], zone: TimeZone, terminal: Terminal, showing filter: StateFilter = .all) -> String {
        let columns = [TextTable.Column("ID"), TextTable.Column("DUE (\(ZonedTime.name(of: zone)))"),
                       TextTable.Column("ACCOUNT", shrinksTo: 12), TextTable.Column("STATE"), TextTable.Column("TEXT", shrinksTo: 20)]
        var rows: [[Cell]] = []
        var under: [Int: [Cell]] = [:]
        for post in posts {
            let first: [Cell] = [Cell(String(post.id)), Cell(due(post, in: zone))]
            let shown = post.deliveries.filter { filter.matches($0.state) }
            for (index, delivery) in shown.enumerated() {
                let style = Style(delivery.state)
                rows.append((index == 0 ? first : ["", ""])
                            + [Cell(delivery.account, style), Cell(delivery.state.rawValue, style), index == 0 ? Cell(oneLine(post.text)) : ""])
                if delivery.state == .published, let url = delivery.remoteUrl {
                    under[rows.count - 1] = [Cell(String(repeating: " ", count: max(0, min(4, terminal.columns - url.count))) + url, .good)]
                }
            }
            if shown.isEmpty { rows.append(first + ["", "", Cell(oneLine(post.text))]) }
            let hidden = post.deliveries.filter { !filter.matches($0.state) }
            if !hidden.isEmpty {
                let states = Array(Set(hidden.map(\.state.rawValue))).sorted().joined(separator: ", ")
                let count = hidden.count == 1 ? "1 other delivery" : "\(hidden.count) other deliveries"
                rows.append(["", "", Cell("+ \(count)", .dim), Cell(states, .dim), Cell("`schedctl show \(post.id)`", .dim)])
            }
        }
        return TextTable(columns, rows: rows, shrinkOrder: [4, 2], under: under).render(width: terminal.columns, color: terminal.color)
    }

    /// The due time in the table's zone, or "draft" for a post that has none yet.
    static func due(_ post: PostListRow, in zone: TimeZone) -> String {
        post.dueAt.map { ZonedTime.wallClock($0, in: zone) } ?? "draft"
    }

    /// `2027-03-01 09:30 +02:00 (Europe/Kyiv)`: the time in the post's zone, as people read every time (``ZonedTime``),
    /// and the zone it keeps; or "draft" for a post that has none yet.
    public static func due(_ post: PostView) -> String {
        guard let due = post.dueAt else { return "draft (\(post.dueZone))" }
        return "\(ZonedTime.format(due, in: TimeZone(identifier: post.dueZone))) (\(post.dueZone))"
    }

    /// A text on one line, its line breaks as spaces.
    static func oneLine(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// What an empty page means: nothing at all, the end of the cursor's pages, or a page number past the last
    /// (issue 16, bug 11: `list --page 99` said "no pending posts" while there were some).
    public static func empty(state: String, page: Int, limit: Int, cursor: Bool, total: Int?) -> String {
        if cursor { return "no more \(state) posts after this cursor" }
        guard page > 1 else { return "no \(state) posts" }
        guard let total, total > 0 else { return "page \(page) is past the end: there are no \(state) posts" }
        let pages = (total + limit - 1) / limit
        return "page \(page) is past the end: \(Counted.of(total, "\(state) post")) \(Counted.verb(total, "fills", "fill")) \(Counted.of(pages, "page"))"
            + (limit != 50 ? " of \(limit)" : "") + " (`--page \(pages)` is the last)"
    }
}
