import SchedulerCore

/// `schedctl drafts` for people: each draft's id and text, and each account it goes to on a line of its own.
public enum DraftListText {
    /// Issue 25, bug 8: the accounts were one comma-separated cell and the table ran to 107 columns; now one line per
    /// account, the text cut first (down to 20 columns) with "…", then a long account.
    public static func table(_ drafts: [PostView], terminal: Terminal) -> String {
        let columns = [TextTable.Column("ID"), TextTable.Column("TO", shrinksTo: 12), TextTable.Column("TEXT", shrinksTo: 20)]
        var rows: [[Cell]] = []
        for draft in drafts {
            let accounts = draft.deliveries.isEmpty ? [""] : draft.deliveries.map(\.account)
            for (index, account) in accounts.enumerated() {
                rows.append(index == 0 ? [Cell(String(draft.id)), Cell(account), Cell(PostListText.oneLine(draft.text))] : ["", Cell(account), ""])
            }
        }
        return TextTable(columns, rows: rows, shrinkOrder: [2, 1]).render(width: terminal.columns, color: terminal.color)
    }
}
