import Foundation
import SchedulerCore

/// `schedctl accounts list` (and what `show`, `refresh` and `status` say of a token) for people.
public enum AccountText {
    /// The accounts, one a row, fitted to the width (issue 25, bug 8: 134 columns): the name, which mostly repeats the
    /// handle, gives up room first and then is left out (issue 48, item 13); then the token's forecast goes on over
    /// further lines, or under its row when the table is still too wide. The account, which a person types next, and the status are never cut. Under the table, what to do
    /// about each account that needs relinking, or whose deliveries are refused for a permission its token lacks.
    public static func table(_ accounts: [AccountView], terminal: Terminal, now: Date = Date()) -> String {
        let columns = [TextTable.Column("ID"), TextTable.Column("ACCOUNT"), TextTable.Column("NAME", shrinksTo: 10, repeats: true),
                       TextTable.Column("AUTH"), TextTable.Column("STATUS"), TextTable.Column("PENDING"),
                       TextTable.Column("TOKEN", shrinksTo: 16, wraps: true, goesUnder: true)]
        let rows: [[Cell]] = accounts.map { account in
            let style = style(account.status)
            return [Cell(String(account.id)), Cell(account.reference, style), Cell(account.displayName), Cell(account.authKind.rawValue),
                    Cell(account.status.rawValue, style), Cell(String(account.pendingPosts)), Cell(token(account, now: now))]
        }
        var text = TextTable(columns, rows: rows, shrinkOrder: [2, 6]).render(width: terminal.columns, color: terminal.color)
        for account in accounts where account.status == .needsRelink {
            text += Wrap.hanging("\(account.reference) needs relinking: \(account.statusReason ?? "the network refused its token"); "
                                 + "relink it: \(account.relinkCommand)", width: terminal.columns, indent: 2) + "\n"
        }
        for account in accounts where account.status != .needsRelink {
            if let refusal = account.permissionRefusal {
                text += Wrap.hanging(StatusText.permissionRefusal(account, refusal), width: terminal.columns, indent: 2) + "\n"
            }
        }
        return text
    }

    /// "expires in 12 days, before 3 scheduled posts", "renews itself", "does not expire", or why there is none: a
    /// handoff account has no token, and an unlinked one's was deleted (issue 25, bug 16: it said "does not expire").
    public static func token(_ account: AccountView, now: Date = Date()) -> String {
        if account.status == .revoked { return "none (unlinked)" }
        if account.authKind == .none { return "no token (handoff)" }
        if let forecast = account.expiryForecast(now: now) { return forecast }
        return account.refreshable || account.accessExpiresAt != nil ? "renews itself" : "does not expire"
    }

    /// The colour of an account's status: active green, needing a person red, unlinked struck through.
    static func style(_ status: AccountStatus) -> Style {
        switch status {
        case .active: .good
        case .needsRelink: .bad
        case .revoked: .struck
        }
    }
}
