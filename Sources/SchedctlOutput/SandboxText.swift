import SchedulerCore

/// `schedctl sandbox received` for people: what the sandbox networks accepted, fitted to the width (issue 25, bug 8).
public enum SandboxText {
    /// One row per thing received; the text gives up room first, then the remote id.
    public static func received(_ items: [JSONValue], terminal: Terminal) -> String {
        let columns = [TextTable.Column("NETWORK"), TextTable.Column("RECEIVED"), TextTable.Column("WHAT"), TextTable.Column("ID", shrinksTo: 8),
                       TextTable.Column("TEXT", shrinksTo: 16)]
        let rows: [[Cell]] = items.map { item in
            [Cell(item["network"]?.stringValue ?? "?"), Cell(item["received_at"]?.stringValue ?? "?"), Cell(item["kind"]?.stringValue ?? "post"),
             Cell(item["remote_id"]?.stringValue ?? ""),
             Cell(PostListText.oneLine(item["text"]?.stringValue ?? item["body"]?["text"]?.stringValue ?? ""))]
        }
        return TextTable(columns, rows: rows, shrinkOrder: [4, 3]).render(width: terminal.columns, color: terminal.color)
    }
}
