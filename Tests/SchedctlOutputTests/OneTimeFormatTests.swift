import Foundation
import SchedctlOutput
import SchedulerCore
import Testing

/// Issue 48, item 7: tables and messages wrote times four ways (`runs inbox` as UTC wall clocks in a zone named nowhere,
/// `handoff list` as `2026-12-08T02:59:51.717Z`, `slots set` as "from 2026-12-07T06:30:00Z to 2026-12-07 07:00:00").
/// For people there is one way, ``ZonedTime``: a table names its zone in the header, a line carries the offset.
@Suite struct OneTimeFormatTests {
    static let kyiv = TimeZone(identifier: "Europe/Kyiv")!
    /// 2027-03-01 07:30 in Kyiv (+02:00), 05:30 UTC.
    static let instant = Fixtures.monday
    /// Anything written the way programs read times.
    static let machineTime = try! NSRegularExpression(pattern: #"\d{4}-\d\d-\d\dT\d\d:\d\d"#)

    static func hasMachineTime(_ text: String) -> Bool {
        machineTime.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func zonedTime_isTheWallClockThenTheOffset() {
        #expect(ZonedTime.format(Self.instant, in: Self.kyiv) == "2027-03-01 07:30 +02:00")
        #expect(ZonedTime.format(Self.instant, in: nil) == "2027-03-01 05:30 +00:00")
        #expect(ZonedTime.wallClock(Self.instant, in: Self.kyiv) == "2027-03-01 07:30")
    }

    @Test func runsInbox_namesItsZoneInTheHeader_andTheWaitingLineCarriesTheOffset() {
        let inbox = InboxView(folder: "/srv/inbox", waiting: [InboxWaitingFile(name: "evening.fit", state: "writing", since: Self.instant)],
                              files: [InboxFileView(sha256: "ab", name: "sunday.gpx", state: "posted", postId: 12, error: nil,
                                                    arrivedAt: Self.instant, updatedAt: Self.instant.addingTimeInterval(60), seenAgain: 0)])
        let drawn = InboxText.render(inbox, zone: Self.kyiv, width: 80, color: false)
        #expect(drawn.contains("  evening.fit: still being written since 2027-03-01 07:30 +02:00\n"), "\(drawn)")
        #expect(drawn.contains("WHEN (Europe/Kyiv)  FILE        WHAT BECAME OF IT\n2027-03-01 07:31  "), "\(drawn)")
    }

    @Test func handoffList_writesTheExpiryInTheZone() {
        let handoff = HandoffView(deliveryId: 46, postId: 32, account: "instagram:@club", caption: "Long run", bundle: "/var/lib/schedulerd/handoff/46",
                                  handedOffAt: Self.instant, remindAt: nil, expiresAt: Self.instant.addingTimeInterval(86_400.717))
        let drawn = HandoffText.render([handoff], zone: Self.kyiv, width: 80)
        #expect(drawn.hasPrefix("handoff 46 (post 32) to instagram:@club, expires 2027-03-02 07:30 +02:00\n"), "\(drawn)")
        #expect(!Self.hasMachineTime(drawn))
    }

    @Test func slotsSet_writesBothTimesOfAMovedPostInTheSlotsZone() {
        let view = SlotsView(accountId: 1, account: "x:@club", zone: "Europe/Kyiv", slots: "mon-fri 08:00",
                             retimed: [RetimedPostView(postId: 17, from: Self.instant, to: Self.instant.addingTimeInterval(1_800),
                                                       toLocal: "2027-03-01T08:00:00", note: nil)], kept: [18])
        let drawn = PlanningText.slotsChanged(view, width: 120)
        #expect(drawn.hasPrefix("x:@club: mon-fri 08:00 (Europe/Kyiv)\n  moved post 17 from 2027-03-01 07:30 +02:00 to 2027-03-01 08:00 +02:00: its time"),
                "\(drawn)")
        #expect(drawn.contains("  post 18 keeps its time"))
        #expect(!Self.hasMachineTime(drawn))
    }

    @Test func show_writesEveryTimeInThePostsZone() {
        let drawn = PostText.render(Fixtures.rich, now: Fixtures.monday)
        #expect(drawn.contains("  due:       2027-03-01 09:30 +02:00 (Europe/Kyiv)\n"), "\(drawn)")
        #expect(!Self.hasMachineTime(drawn), "\(drawn)")
        let published = PostText.render(Fixtures.published[0], now: Fixtures.monday)
        #expect(published.contains(" at 2027-02-28 07:30 +02:00"), "\(published)")
    }

    @Test func sandboxReceived_writesTheTimeInTheZoneItsHeaderNames() {
        let item = JSONValue.object(["network": .string("x"), "received_at": .string("2027-03-01T05:30:00.123Z"), "remote_id": .string("1")])
        let drawn = SandboxText.received([item], accounts: [], zone: Self.kyiv, terminal: Terminal(columns: 80, color: false))
        let lines = drawn.split(separator: "\n")
        #expect(lines.first?.hasPrefix("RECEIVED (Europe/Kyiv)  ACCOUNT  ") == true, "\(drawn)")
        #expect(lines.last?.hasPrefix("2027-03-01 07:30  ") == true && !Self.hasMachineTime(drawn), "\(drawn)")
    }
}
