import Foundation
import Testing
@testable import SchedctlOutput
@testable import SchedulerCore

/// Issue 48, item 13: at 80 columns `accounts list` cut the account (`bluesky:@mara.…`), the value a person types
/// next, while NAME repeated it; `show` printed lines of 200 characters; the calendar showed two networks as `X…`;
/// `sandbox received` had no account column.
@Suite struct NarrowTerminalTests {
    static func tooWide(_ drawn: String, _ width: Int) -> [Substring] {
        drawn.split(separator: "\n").filter { $0.count > width }
    }

    @Test(arguments: [80, 100, 120])
    func accountsList_keepsEveryAccountWhole_andFits(_ width: Int) {
        let drawn = AccountText.table(Fixtures.accounts, terminal: Terminal(columns: width, color: false), now: Fixtures.monday)
        #expect(Self.tooWide(drawn, width).isEmpty, "\(Self.tooWide(drawn, width))")
        let lines = drawn.split(separator: "\n")
        for account in Fixtures.accounts {
            #expect(lines.contains { $0.hasPrefix("\(account.id)   \(account.reference)  ") }, "account \(account.id) whole:\n\(drawn)")
        }
    }

    @Test func accountsList_at80_leavesOutTheNameBeforeCuttingAnything() {
        let bluesky = Fixtures.account(8, .bluesky, "mara.bsky.social", "Mara Runs Far", .appPassword, .active, pending: 2)
        let drawn = AccountText.table([bluesky, Fixtures.accounts[0]], terminal: Terminal(columns: 80, color: false), now: Fixtures.monday)
        #expect(drawn.split(separator: "\n").contains { $0.hasPrefix("8   bluesky:@mara.bsky.social  ") }, "\(drawn)")
        #expect(!drawn.contains("…") && !drawn.contains("NAME"), "the name goes, nothing is cut:\n\(drawn)")
        let wide = AccountText.table([bluesky], terminal: Terminal(columns: 200, color: false), now: Fixtures.monday)
        #expect(wide.contains("  NAME  ") && wide.contains("  Mara Runs Far  "), "with room, the name is shown:\n\(wide)")
    }

    @Test func aRepeatingColumn_goesBeforeAnyOtherShrinks_andAColumnMayGoUnderItsRow() {
        let columns = [TextTable.Column("ID"), TextTable.Column("ACCOUNT"), TextTable.Column("NAME", shrinksTo: 4, repeats: true),
                       TextTable.Column("NOTE", shrinksTo: 8, wraps: true, goesUnder: true)]
        let table = TextTable(columns, rows: [["1", "x:@a_long_handle", "A long display name", "a note of some length"]], shrinkOrder: [2, 3])
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        #expect(table.render(width: 200, color: false) == "ID  \(pad("ACCOUNT", 16))  \(pad("NAME", 19))  NOTE\n"
                + "1   x:@a_long_handle  A long display name  a note of some length\n")
        // With room for the note to wrap at its minimum beside it, the name is cut rather than left out.
        #expect(table.render(width: 40, color: false).hasPrefix("ID  \(pad("ACCOUNT", 16))  NAME  NOTE\n1   x:@a_long_handle  A l…  a note of"))
        let continued = String(repeating: " ", count: 22)
        #expect(table.render(width: 30, color: false) == "ID  \(pad("ACCOUNT", 16))  NOTE\n1   x:@a_long_handle  a note\n"
                + "\(continued)of some\n\(continued)length\n")
        #expect(table.render(width: 25, color: false) == "ID  ACCOUNT\n1   x:@a_long_handle\n    note: a note of some\n          length\n")
    }

    @Test(arguments: [60, 80, 100])
    func show_wrapsEveryLineToTheWidth_underWhereItsValueStarted(_ width: Int) {
        var post = Fixtures.rich
        post.text = String(repeating: "Saturday's parkrun, a course record for the club. ", count: 4)
        post.deliveries[1].error = "Facebook refused the post: (#200) The user hasn't authorized the application to perform this action; "
            + "relink with `schedctl accounts link facebook` and grant pages_manage_posts"
        let drawn = PostText.render(post, now: Fixtures.monday, width: width)
        #expect(Self.tooWide(drawn, width).isEmpty, "\(Self.tooWide(drawn, width))")
        let lines = drawn.split(separator: "\n", omittingEmptySubsequences: false)
        let text = lines.firstIndex { $0.hasPrefix("  text:") }!
        let next = lines[text + 1]
        #expect(next.prefix(PostText.valueColumn).allSatisfy { $0 == " " } && next.dropFirst(PostText.valueColumn).first != " ",
                "a hanging indent:\n\(drawn)")
        #expect(drawn.contains("`schedctl accounts link facebook`"), "a command stays whole:\n\(drawn)")
    }

    /// Every network's short name is its own, and a narrow cell (80 columns: ten a day) shows each whole.
    @Test func calendar_atEightyColumns_showsEveryNetworkOfAPostWhole() {
        #expect(Set(Network.allCases.map(\.shortName)).count == Network.allCases.count)
        let entry = CalendarEntry(postId: 1, time: "08:11", networks: Network.allCases.map(\.shortName), state: "failed", text: "Race report")
        let week = (1...7).map { CalendarDay(date: String(format: "2027-03-%02d", $0), weekday: "Mon", entries: $0 == 1 ? [entry] : []) }
        let drawn = CalendarGrid.render(week, width: 80)
        let monday = drawn.split(separator: "\n").dropFirst(3).map { String($0.dropFirst().prefix(10)) }
        let shown = monday.joined(separator: " ").split(whereSeparator: { " ,".contains($0) }).map(String.init)
        for network in Network.allCases { #expect(shown.contains(network.shortName), "\(network) in:\n\(drawn)") }
        #expect(CalendarGrid.networkLegend.contains("MA Mastodon") && CalendarGrid.networkLegend.contains("TH Threads"))
    }

    @Test func sandboxReceived_namesTheAccount_whole() {
        let item = JSONValue.object(["network": .string("instagram"), "received_at": .string("2027-03-01T05:30:00.123Z"), "kind": .string("media_publish"),
                                     "remote_id": .string("17895695668004550123"), "user_id": .string("r2"), "text": .string(Fixtures.clubWeek[0].text)])
        let stranger = JSONValue.object(["network": .string("x"), "received_at": .string("2027-03-01T05:31:00Z"), "remote_id": .string("9"),
                                         "user_id": .string("4242")])
        let drawn = SandboxText.received([item, stranger], accounts: Fixtures.accounts, zone: TimeZone(identifier: "Europe/Kyiv")!,
                                         terminal: Terminal(columns: 80, color: false))
        #expect(drawn.contains("  \(Fixtures.longInstagram)  media_publish\n"), "\(drawn)")
        #expect(drawn.contains("  x user 4242  "), "an account not linked: its network and id\n\(drawn)")
        #expect(Self.tooWide(drawn, 80).isEmpty, "\(drawn)")
    }
}
