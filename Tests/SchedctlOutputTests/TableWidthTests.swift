import Foundation
import SchedctlOutput
import SchedulerCore
import Testing

/// Issue 25, bug 8: at 80 columns `list` cut a delivery's state ("x:@kyiv_run_club sch…") or lost it, and `accounts
/// list`, `drafts`, `status` and `doctor` ran to 107–155 columns. Every human table schedctl prints, at 80, 100 and
/// 120 columns, against golden files: every line fits, and every state is whole on its delivery's (or account's) line.
@Suite struct TableWidthTests {
    static let widths = [80, 100, 120]
    static let kyiv = TimeZone(identifier: "Europe/Kyiv")!

    /// The lines of `drawn` wider than `width`.
    static func tooWide(_ drawn: String, _ width: Int) -> [Substring] {
        drawn.split(separator: "\n").filter { $0.count > width }
    }

    /// Whether `line` has `word` as a whole cell: with two spaces (or the line's start) before, and two spaces (or the
    /// line's end) after.
    static func hasCell(_ line: Substring, _ word: String) -> Bool {
        (" " + line + "  ").contains("  \(word)  ") || line.hasPrefix(word + "  ")
    }

    @Test(arguments: widths)
    func list_everyDeliveryOnItsOwnLine_withItsStateWhole(_ width: Int) throws {
        let drawn = PostListText.table(Fixtures.clubWeek, zone: Self.kyiv, terminal: Terminal(columns: width, color: false))
        try Golden.check(drawn, "list-club-\(width).txt")
        #expect(Self.tooWide(drawn, width).isEmpty, "\(Self.tooWide(drawn, width))")
        // The rows, without the header and the URL lines under published deliveries.
        let rows = drawn.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("    https://") }
        let deliveries = Fixtures.clubWeek.flatMap(\.deliveries)
        #expect(rows.count == deliveries.count, "one line per delivery:\n\(drawn)")
        for (line, delivery) in zip(rows, deliveries) {
            #expect(Self.hasCell(line, delivery.state.rawValue), "delivery \(delivery.id)'s state \(delivery.state.rawValue) whole: '\(line)'")
        }
        #expect(drawn.hasPrefix("ID  DUE (Europe/Kyiv)  "), "the zone is named once, in the header")
        #expect(drawn.contains("…"), "the long text (or account) is cut with an ellipsis")
        #expect(drawn.contains("\n    https://x.com/kyiv_run_club/status/1896123456789012345\n"), "a URL is never cut")
    }

    @Test(arguments: widths)
    func pendingAndPublishedPages_fit_withEveryStateWhole(_ width: Int) throws {
        for (name, posts) in [("pending", Fixtures.pending), ("published", Fixtures.published)] {
            let drawn = PostListText.table(posts, zone: Self.kyiv, terminal: Terminal(columns: width, color: false))
            try Golden.check(drawn, "list-\(name)-\(width).txt")
            #expect(Self.tooWide(drawn, width).isEmpty)
            for delivery in posts.flatMap(\.deliveries) {
                #expect(drawn.split(separator: "\n").contains { $0.contains(delivery.account) && Self.hasCell($0, delivery.state.rawValue) },
                        "\(delivery.account) \(delivery.state.rawValue):\n\(drawn)")
            }
        }
    }

    @Test func list_showsEveryTimeInTheTablesZone_notEachPostsOwn() {
        var other = Fixtures.post(40, "Kept in Paris", dueIn: 1, [Fixtures.delivery(60, "x:@club", .scheduled)])
        other.dueZone = "Europe/Paris"
        other.dueLocal = "2027-03-01T07:30:00"
        let drawn = PostListText.table([Fixtures.pending[0], other], zone: Self.kyiv, terminal: Terminal(columns: 120, color: false))
        #expect(drawn.contains("40  2027-03-01 08:30  "), "08:30 Kyiv time, not 07:30 Paris time:\n\(drawn)")
        #expect(!drawn.contains("Europe/Paris"))
        let utc = PostListText.table([other], zone: TimeZone(identifier: "UTC")!, terminal: Terminal(columns: 120, color: false))
        #expect(utc.hasPrefix("ID  DUE (UTC)  ") && utc.contains("40  2027-03-01 06:30  "), "\(utc)")
    }

    @Test(arguments: widths)
    func accountsList_fits_withEveryStatusWhole_andARevokedTokenSaysSo(_ width: Int) throws {
        let drawn = AccountText.table(Fixtures.accounts, terminal: Terminal(columns: width, color: false), now: Fixtures.monday)
        try Golden.check(drawn, "accounts-\(width).txt")
        #expect(Self.tooWide(drawn, width).isEmpty, "\(Self.tooWide(drawn, width))")
        let lines = drawn.split(separator: "\n")
        for account in Fixtures.accounts {
            #expect(lines.contains { $0.hasPrefix("\(account.id)  ") && Self.hasCell($0, account.status.rawValue) },
                    "account \(account.id)'s status whole:\n\(drawn)")
        }
        let revoked = try #require(lines.firstIndex { $0.hasPrefix("7  ") })
        #expect(lines[revoked...].prefix(2).contains { $0.contains("none (unlinked)") }, "issue 25, bug 16: not 'does not expire'")
        #expect(drawn.contains("linkedin:@kyiv-run-club-association needs relinking: LinkedIn refused the token"))
    }

    @Test(arguments: widths)
    func drafts_fit_oneLinePerAccount(_ width: Int) throws {
        let drawn = DraftListText.table(Fixtures.drafts, terminal: Terminal(columns: width, color: false))
        try Golden.check(drawn, "drafts-\(width).txt")
        #expect(Self.tooWide(drawn, width).isEmpty, "\(Self.tooWide(drawn, width))")
        for account in Fixtures.drafts.flatMap(\.deliveries).map(\.account) where account.count <= 30 {
            #expect(drawn.split(separator: "\n").contains { Self.hasCell($0, account) }, "\(account) whole on its line:\n\(drawn)")
        }
    }

    @Test(arguments: widths)
    func status_fits_eachLongLineGoingOnUnderItsValue(_ width: Int) throws {
        var status = Fixtures.status(nextDue: StatusView.NextDue(postId: 12, dueAt: Fixtures.monday, accounts: 2),
                                     nextHeld: StatusView.HeldDue(postId: 3, dueAt: Fixtures.monday, account: "linkedin:@kyiv-run-club-association",
                                                                  reason: .needsRelink),
                                     deliveries: ["scheduled": 26, "published": 1, "handed_off": 2, "missed": 1, "unknown": 1])
        status.hooks = StatusView.Hooks(waiting: 1, waitingSince: Fixtures.monday.addingTimeInterval(-600),
                                        lastError: "https://hooks.example.org/schedulerd answered HTTP 502", givenUp: 2)
        status.accountsNeedingAttention = [Fixtures.accounts[2], Fixtures.accounts[3]]
        status.nextDays = [
            UpcomingDayView(date: "2027-03-01", weekday: "Mon", posts: [
                UpcomingPostView(id: 12, dueAt: Fixtures.monday, networks: [.x]),
                UpcomingPostView(id: 13, dueAt: Fixtures.monday.addingTimeInterval(10.5 * 3_600), networks: [.x, .facebook, .linkedin, .instagram]),
                UpcomingPostView(id: 14, dueAt: Fixtures.monday.addingTimeInterval(11 * 3_600), networks: [.x, .facebook, .linkedin, .instagram]),
            ], count: 5, countIsAtLeast: false),
            UpcomingDayView(date: "2027-03-02", weekday: "Tue", posts: [
                UpcomingPostView(id: 15, dueAt: Fixtures.monday.addingTimeInterval(26 * 3_600), networks: [.linkedin]),
            ], count: 1, countIsAtLeast: false),
            UpcomingDayView(date: "2027-03-03", weekday: "Wed", posts: [], count: 0, countIsAtLeast: false),
        ]
        let drawn = StatusText.render(status, width: width)
        try Golden.check(drawn, "status-long-\(width).txt")
        #expect(Self.tooWide(drawn, width).isEmpty, "\(Self.tooWide(drawn, width))")
        #expect(drawn.contains("`schedctl accounts link linkedin`"), "a command is kept whole on one line:\n\(drawn)")
        #expect(drawn.split(separator: "\n").filter { !$0.hasPrefix(" ") }.allSatisfy { $0.hasPrefix("schedulerd") || $0.dropFirst(11).hasPrefix(" ") },
                "each further line is indented under its value:\n\(drawn)")
        #expect(StatusText.render(status).split(separator: "\n").contains { $0.count > 120 }, "without a width, nothing is wrapped")
    }

    @Test(arguments: widths)
    func doctor_fits_messagesAndActionsUnderTheirColumn(_ width: Int) throws {
        let drawn = DoctorText.render(Fixtures.findings, width: width)
        try Golden.check(drawn, "doctor-\(width).txt")
        #expect(Self.tooWide(drawn, width).isEmpty, "\(Self.tooWide(drawn, width))")
        #expect(drawn.contains("fail  clock          X: https://api.x.com answered"), "\(drawn)")
        #expect(drawn.hasSuffix("1 failure, 1 warning in 4 checks\n"))
    }

    @Test(arguments: widths)
    func queueSlotsHandoffsHistoryAndSandbox_fit(_ width: Int) throws {
        let terminal = Terminal(columns: width, color: false)
        let queue = PlanningText.queue([QueueView(accountId: 2, account: Fixtures.longInstagram, zone: "Europe/Kyiv",
                                                  slots: "mon-fri 07:30,12:15,18:45 sat 09:00,17:30 sun 10:00",
                                                  posts: Array(Fixtures.clubWeek.prefix(2)),
                                                  nextFree: (1...6).map { Fixtures.monday.addingTimeInterval(Double($0) * 86_400) })], width: width)
        let slots = PlanningText.slots([SlotsView(accountId: 2, account: Fixtures.longInstagram, zone: "Europe/Kyiv",
                                                  slots: "mon-fri 07:30,12:15,18:45 sat 09:00,17:30 sun 10:00,12:00,19:30")], terminal: terminal)
        let handoffs = HandoffText.render([HandoffView(deliveryId: 46, postId: 32, account: Fixtures.longInstagram,
                                                       caption: Fixtures.clubWeek[0].text, bundle: "/var/lib/schedulerd/handoff/46",
                                                       handedOffAt: Fixtures.monday, remindAt: nil, expiresAt: Fixtures.monday.addingTimeInterval(86_400))],
                                          zone: Self.kyiv, width: width)
        let history = HistoryText.render(HistoryView(postId: 31, deliveries: [
            .init(id: 42, account: Fixtures.longInstagram, state: .failed, attempts: [
                .init(startedAt: Fixtures.monday, finishedAt: Fixtures.monday.addingTimeInterval(1.234), httpStatus: 400, outcome: "error",
                      errorClass: "permanent_media_refused", excerpt: String(repeating: "(#36003) The aspect ratio is not supported. ", count: 4), part: 1),
            ]),
        ]), width: width)
        let received = SandboxText.received([.object(["network": .string("instagram"), "received_at": .string("2027-03-01T05:30:00.123Z"),
                                                      "kind": .string("media_publish"), "remote_id": .string("17895695668004550123"),
                                                      "user_id": .string("r2"), "text": .string(Fixtures.clubWeek[0].text)])],
                                            accounts: Fixtures.accounts, zone: Self.kyiv, terminal: terminal)
        for (name, drawn) in [("queue", queue), ("slots", slots), ("handoffs", handoffs), ("history", history), ("received", received)] {
            if width == 80 { try Golden.check(drawn, "\(name)-80.txt") }
            #expect(Self.tooWide(drawn, width).isEmpty, "\(name) at \(width): \(Self.tooWide(drawn, width))")
        }
        #expect(history.contains("delivery 42 to \(Fixtures.longInstagram): failed\n"))
        #expect(slots.contains("sun 10:00,12:00,19:30") && slots.contains("mon-fri 07:30,12:15,18:45"),
                "slots go on over another line rather than being cut, each day with its times:\n\(slots)")
    }
}
