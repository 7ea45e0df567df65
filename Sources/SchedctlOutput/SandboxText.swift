import Foundation
import SchedulerCore

/// `schedctl sandbox received` for people: what the sandbox networks accepted, fitted to the width (issue 25, bug 8).
public enum SandboxText {
    /// One row per thing received: when, in `zone` (named in the header, as `list` does), and the account that sent it
    /// (issue 48, item 13: there was no account column), whole; the text gives up room first, then the remote id, and
    /// when that is not enough both go under their row.
    public static func received(_ items: [JSONValue], accounts: [AccountView], zone: TimeZone, terminal: Terminal) -> String {
        let columns = [TextTable.Column("RECEIVED (\(ZonedTime.name(of: zone)))"), TextTable.Column("ACCOUNT"), TextTable.Column("WHAT"),
                       TextTable.Column("ID", shrinksTo: 8, goesUnder: true), TextTable.Column("TEXT", shrinksTo: 16, goesUnder: true)]
        let rows: [[Cell]] = items.map { item in
            let received = item["received_at"]?.stringValue
            return [Cell(received.flatMap(RFC3339.parse).map { ZonedTime.wallClock($0, in: zone) } ?? received ?? "?"),
                    Cell(account(of: item, among: accounts)), Cell(item["kind"]?.stringValue ?? "post"), Cell(item["remote_id"]?.stringValue ?? ""),
                    Cell(PostListText.oneLine(item["text"]?.stringValue ?? item["body"]?["text"]?.stringValue ?? ""))]
        }
        return TextTable(columns, rows: rows, shrinkOrder: [4, 3]).render(width: terminal.columns, color: terminal.color)
    }

    /// The linked account the network's user id is, as people name it (`instagram:@club`); else the network and the id
    /// the sandbox recorded (`instagram user 17841…`), or the network alone.
    static func account(of item: JSONValue, among accounts: [AccountView]) -> String {
        let network = item["network"]?.stringValue ?? "?"
        guard let user = item["user_id"]?.stringValue else { return network }
        return accounts.first { $0.network.rawValue == network && $0.remoteId == user }?.reference ?? "\(network) user \(user)"
    }

    /// `schedctl sandbox records NAME` for people (issue 48, item 5: `revoked` printed JSON without `--json`): one row
    /// per record, a column per field any record has (network first, then by name); a nested value is shown as JSON.
    public static func records(_ items: [JSONValue], terminal: Terminal) -> String {
        var keys = Set<String>()
        for item in items { if case .object(let fields) = item { keys.formUnion(fields.keys) } }
        let ordered = keys.sorted { ($0 == "network" ? 0 : 1, $0) < ($1 == "network" ? 0 : 1, $1) }
        let columns = ordered.map { TextTable.Column($0.uppercased(), shrinksTo: 8) }
        let rows: [[Cell]] = items.map { item in ordered.map { Cell(PostListText.oneLine(field(item[$0]))) } }
        let shrink = Array(ordered.indices.reversed())
        return TextTable(columns, rows: rows, shrinkOrder: shrink).render(width: terminal.columns, color: terminal.color)
    }

    private static func field(_ value: JSONValue?) -> String {
        guard let value else { return "" }
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "yes" : "no"
        case .array, .object:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? ""
        default: return value.text ?? ""
        }
    }
}
