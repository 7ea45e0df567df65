import Foundation
import SchedctlOutput
import SchedulerCore
import Testing

/// `schedctl list`'s table: the text gives way first with "…", and colour comes only when asked for.
@Suite struct PostListTextTests {
    static let kyiv = TimeZone(identifier: "Europe/Kyiv")!

    /// The golden tables at 80, 100 and 120 columns are ``TableWidthTests``'.
    @Test func aTextInLines_isListedOnOne_andEachFurtherDeliveryHasALineOfItsOwn() {
        let drawn = PostListText.table(Fixtures.pending, zone: Self.kyiv, terminal: Terminal(columns: 120, color: false))
        #expect(drawn.contains("Club news: new kit "), "a text in lines is listed on one")
        #expect(drawn.contains("\n                       facebook:@runclub   scheduled"), "each further delivery on a line of its own:\n\(drawn)")
    }

    /// Issue 48, item 11: `list --state published` listed a post's cancelled deliveries as it listed its published ones.
    @Test func aStateFilter_listsOnlyItsDeliveries_andCountsTheOthersUnderThePost() {
        let post = Fixtures.post(7, "Parkrun done", dueIn: -2, [Fixtures.delivery(1, "x:@club", .published, url: "https://x.com/club/status/1"),
                                                                Fixtures.delivery(2, "facebook:@runclub", .cancelled)])
        let published = PostListText.table([post], zone: Self.kyiv, terminal: Terminal(columns: 120, color: false),
                                           showing: StateFilter(name: "published")!)
        #expect(published.contains("x:@club") && published.contains("published"), "\(published)")
        #expect(!published.contains("facebook:@runclub"), "the cancelled delivery has no line of its own:\n\(published)")
        #expect(published.contains("+ 1 other delivery") && published.contains("cancelled") && published.contains("`schedctl show 7`"),
                "\(published)")
        let all = PostListText.table([post], zone: Self.kyiv, terminal: Terminal(columns: 120, color: false), showing: .all)
        #expect(all.contains("facebook:@runclub") && !all.contains("other deliver"), "--state all lists every delivery:\n\(all)")
    }

    @Test func colour_paintsEachDeliveryByItsState_andOnlyWhenTheTerminalTakesIt() {
        let coloured = PostListText.table(Fixtures.published, zone: Self.kyiv, terminal: Terminal(columns: 200, color: true))
        #expect(coloured.contains("\u{1B}[32mx:@club\u{1B}[0m") && coloured.contains("\u{1B}[32mpublished\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[32m    https://x.com/club/status/1896123456789012345\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[31mfacebook:@runclub\u{1B}[0m") && coloured.contains("\u{1B}[31mfailed\u{1B}[0m"))
        let plain = PostListText.table(Fixtures.published, zone: Self.kyiv, terminal: Terminal(columns: 200, color: false))
        #expect(!plain.contains("\u{1B}"))
        let strip = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(strip == plain, "colour changes no width")
    }

    @Test func aNarrowTerminal_cutsTheTextFirst_thenTheAccounts_andNoLineEndsInSpaces() {
        let narrow80 = PostListText.table(Fixtures.published, zone: Self.kyiv, terminal: Terminal(columns: 80, color: false))
        #expect(narrow80.contains("\n    https://x.com/club/status/1896123456789012345\n"), "a URL is never cut: \(narrow80)")
        let narrow = PostListText.table(Fixtures.pending, zone: Self.kyiv, terminal: Terminal(columns: 60, color: false))
        #expect(narrow.split(separator: "\n").allSatisfy { !$0.hasSuffix(" ") })
        #expect(narrow.contains("  facebook:@r…  scheduled  Long run Su…"), "the text first, then the account; never the state: \(narrow)")
    }

    @Test(arguments: [
        (1, nil as Int?, false, "no pending posts"),
        (99, 7, false, "page 99 is past the end: 7 pending posts fill 1 page (`--page 1` is the last)"),
        (99, 120, false, "page 99 is past the end: 120 pending posts fill 3 pages (`--page 3` is the last)"),
        (3, 0, false, "page 3 is past the end: there are no pending posts"),
        (1, nil, true, "no more pending posts after this cursor"),
    ])
    func anEmptyPage_saysWhy(_ page: Int, _ total: Int?, _ cursor: Bool, _ expected: String) {
        #expect(PostListText.empty(state: "pending", page: page, limit: 50, cursor: cursor, total: total) == expected)
    }

    @Test func aPagePastTheEnd_withAnotherLimit_saysTheLimit() {
        #expect(PostListText.empty(state: "published", page: 4, limit: 1, cursor: false, total: 1)
                == "page 4 is past the end: 1 published post fills 1 page of 1 (`--page 1` is the last)", "issue 25, bug 16: singular and plural")
    }
}
