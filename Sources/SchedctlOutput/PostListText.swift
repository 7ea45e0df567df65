import Foundation
import SchedulerCore

/// `schedctl list` for people: one row per post, fitted to the terminal, each delivery coloured by its state.
public enum PostListText {
    /// The table of `posts`, one line per delivery, the post's id, time and text on its first. The text gives up room
    /// first, down to 20 columns, then the deliveries; each cut cell ends in "…". A published delivery's URL (issue 16,
    /// bug 18) goes whole on a line of its own under it: a URL cut short cannot be opened.
    public static func table(_ posts: [PostView], terminal: Terminal) -> String {
        let columns = [TextTable.Column("ID"), TextTable.Column("DUE"), TextTable.Column("DELIVERIES", shrinksTo: 20),
                       TextTable.Column("TEXT", shrinksTo: 20)]
        var rows: [[Cell]] = []
        var under: [Int: [Cell]] = [:]
        for post in posts {
            for (index, delivery) in post.deliveries.enumerated() {
                rows.append(index == 0 ? [Cell(String(post.id)), Cell(due(post)), self.delivery(delivery), Cell(oneLine(post.text))]
                                       : ["", "", self.delivery(delivery), ""])
                if delivery.state == .published, let url = delivery.remoteUrl { under[rows.count - 1] = [Cell("    " + url, .good)] }
            }
            if post.deliveries.isEmpty { rows.append([Cell(String(post.id)), Cell(due(post)), "", Cell(oneLine(post.text))]) }
        }
        return TextTable(columns, rows: rows, shrinkOrder: [3, 2], under: under).render(width: terminal.columns, color: terminal.color)
    }

    /// `x:@club published` in its state's colour.
    static func delivery(_ delivery: DeliveryView) -> Cell {
        Cell("\(delivery.account) \(delivery.state.rawValue)", Style(delivery.state))
    }

    /// The wall-clock time in the post's zone, or "draft" for a post that has none yet.
    public static func due(_ post: PostView) -> String {
        guard post.dueAt != nil else { return "draft (\(post.dueZone))" }
        return post.dueLocal.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: ":00$", with: "", options: .regularExpression)
            + " " + post.dueZone
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
