import Foundation
@testable import SchedctlOutput
import SchedulerCore
import Testing

/// `schedctl status`: times in the daemon's zone with the offset, counts with their nouns, and the first waiting post
/// shown with why it waits (issue 16, bug 2).
@Suite struct StatusTextTests {
    static let held = StatusView.HeldDue(postId: 3, dueAt: Fixtures.monday, account: "x:@club", reason: .accountPaused)

    @Test func everyWaitingPostHeldByAPause_showsTheFirst_andWhy_notNothingScheduled() throws {
        let status = Fixtures.status(nextDue: nil, nextHeld: Self.held, paused: PauseView(everything: false, accounts: ["x:@club"]))
        let drawn = StatusText.render(status)
        try Golden.check(drawn, "status-held.txt")
        #expect(!drawn.contains("nothing scheduled"))
        #expect(drawn.contains("next due:   post 3 at 2027-03-01 07:30 +02:00; waits: x:@club is paused (`schedctl resume x:@club` publishes again)"))
    }

    @Test func aHeldPostBeforeOneThatGoesOut_showsBoth() {
        let next = StatusView.NextDue(postId: 5, dueAt: Fixtures.monday.addingTimeInterval(3_600), accounts: 1)
        let drawn = StatusText.render(Fixtures.status(nextDue: next, nextHeld: Self.held))
        #expect(drawn.contains("next due:   post 3 at 2027-03-01 07:30 +02:00; waits:"))
        #expect(drawn.contains("next out:   post 5 at 2027-03-01 08:30 +02:00 to 1 account\n"))
    }

    @Test(arguments: [
        (StatusView.HeldReason.needsRelink, "x:@club needs relinking (`schedctl accounts link x` signed in as @club, or `schedctl accounts add x` with a new token of it)"),
        (.networkPaused, "X is paused (`schedctl resume --network x`)"),
        (.revoked, "x:@club was revoked (`schedctl accounts add x` adds it again)"),
    ])
    func eachReason_saysWhatLetsThePostGo(_ reason: StatusView.HeldReason, _ expected: String) {
        var held = Self.held
        held.reason = reason
        #expect(StatusText.render(Fixtures.status(nextDue: nil, nextHeld: held)).contains("waits: " + expected))
    }

    /// Issue 25: an account whose last deliveries were all refused for a permission is listed with the refusal and the fix.
    /// Issue 48, item 14: "awaiting_approval 2" pointed nowhere; the line under it names the commands.
    @Test func deliveriesAwaitingApproval_pointToTheCommandsThatListAndApproveThem() {
        var status = Fixtures.status(nextDue: nil, nextHeld: nil)
        status.deliveries = ["awaiting_approval": 2, "scheduled": 3]
        let drawn = StatusText.render(status)
        #expect(drawn.contains("2 deliveries wait for approval: `schedctl list --state awaiting_approval`"), "\(drawn)")
        status.deliveries = ["scheduled": 3]
        #expect(!StatusText.render(status).contains("approval"))
    }

    @Test func anAccountRefusedForAPermission_needsAttention_withTheNetworksWordsAndTheFix() {
        var status = Fixtures.status(nextDue: nil, nextHeld: nil)
        status.accountsNeedingAttention = [AccountView(
            id: 4, network: .facebook, handle: "club", displayName: "Club", remoteId: "105", authKind: .oauth2, status: .active,
            createdAt: Fixtures.monday, pendingPosts: 2,
            permissionRefusal: .init(deliveries: 3, reason: "Facebook: (#200) requires both pages_read_engagement and pages_manage_posts",
                                     since: Fixtures.monday))]
        let drawn = StatusText.render(status)
        #expect(drawn.contains("attention:  facebook:@club cannot publish: its last 3 deliveries were refused for a permission its token lacks "
                               + "(Facebook: (#200) requires both pages_read_engagement and pages_manage_posts); link it again with "
                               + "`schedctl accounts link facebook` approving every permission"), "\(drawn)")
    }

    @Test func aBusyDaemon_matchesItsGoldenFile_withPluralsAndHandoffs() throws {
        var status = Fixtures.status(nextDue: StatusView.NextDue(postId: 12, dueAt: Fixtures.monday, accounts: 2), nextHeld: nil,
                                     deliveries: ["scheduled": 26, "published": 1, "handed_off": 2, "missed": 1, "unknown": 1])
        status.throttled = ThrottleView(deliveries: 1, from: Fixtures.monday, until: Fixtures.monday.addingTimeInterval(900))
        status.hooks = StatusView.Hooks(waiting: 1, waitingSince: Fixtures.monday.addingTimeInterval(-600), lastError: "webhook unreachable", givenUp: 2)
        status.nextDays = [
            UpcomingDayView(date: "2027-03-01", weekday: "Mon", posts: [
                UpcomingPostView(id: 12, dueAt: Fixtures.monday, networks: [.x]),
                UpcomingPostView(id: 13, dueAt: Fixtures.monday.addingTimeInterval(10.5 * 3_600), networks: [.x, .facebook, .linkedin, .instagram]),
            ], count: 2, countIsAtLeast: false),
            UpcomingDayView(date: "2027-03-02", weekday: "Tue", posts: [
                UpcomingPostView(id: 14, dueAt: Fixtures.monday.addingTimeInterval(26 * 3_600), networks: [.linkedin]),
            ], count: 1, countIsAtLeast: false),
            UpcomingDayView(date: "2027-03-03", weekday: "Wed", posts: [], count: 0, countIsAtLeast: false),
        ]
        let drawn = StatusText.render(status)
        try Golden.check(drawn, "status-busy.txt")
        #expect(drawn.contains("to 2 accounts"))
        #expect(drawn.contains("throttled:  1 delivery held back"))
        #expect(drawn.contains("hooks:      1 event waiting since 2027-03-01 07:20 +02:00"))
        #expect(drawn.contains("missed:     1 delivery was past its lateness limit"))
        #expect(drawn.contains("handoffs:   2 posts wait for you to publish them in the app; `schedctl handoff list` shows them"))
        #expect(drawn.hasPrefix("schedulerd 0.1.0 (sandbox), up since 2027-03-01 04:30 +02:00; times in Europe/Kyiv\n"))
    }

    /// Issue 25, bug 19: a day with thousands of posts is shown by its first three and a count, which the daemon stops
    /// at its bound ("or more"), never by reading every post of the day.
    @Test func aBusyDay_showsItsFirstPostsAndHowManyMore() {
        let posts = (0..<3).map { UpcomingPostView(id: Int64($0), dueAt: Fixtures.monday.addingTimeInterval(Double($0) * 60), networks: [.x]) }
        let zone = TimeZone(identifier: "Europe/Kyiv")
        #expect(StatusText.nextDays([UpcomingDayView(date: "2027-03-01", weekday: "Mon", posts: posts, count: 1_237, countIsAtLeast: false)], zone: zone)
                == "Mon 03-01 07:30 X, 07:31 X, 07:32 X +1,234 more (`schedctl calendar`)")
        #expect(StatusText.nextDays([UpcomingDayView(date: "2027-03-01", weekday: "Mon", posts: posts, count: 1_000, countIsAtLeast: true)], zone: zone)
                == "Mon 03-01 07:30 X, 07:31 X, 07:32 X +997 or more (`schedctl calendar`)")
        #expect(Counted.grouped(1_234_567) == "1,234,567" && Counted.grouped(999) == "999" && Counted.grouped(0) == "0")
    }

    @Test func publishingPausedEverywhere_isGivenAsWhyTheNextPostWaits() {
        let next = StatusView.NextDue(postId: 5, dueAt: Fixtures.monday, accounts: 1)
        let drawn = StatusText.render(Fixtures.status(nextDue: next, nextHeld: nil, paused: PauseView(everything: true, accounts: [])))
        #expect(drawn.contains("to 1 account; waits: publishing is paused everywhere"))
    }

    @Test func aZoneOffset_followsDaylightSavingTime() {
        #expect(ZonedTime.format(RFC3339.parse("2027-07-01T04:30:00Z")!, in: TimeZone(identifier: "Europe/Kyiv")) == "2027-07-01 07:30 +03:00")
        #expect(ZonedTime.format(RFC3339.parse("2027-07-01T04:30:00Z")!, in: TimeZone(identifier: "America/St_Johns")) == "2027-07-01 02:00 -02:30")
        #expect(ZonedTime.format(RFC3339.parse("2027-07-01T04:30:00Z")!, in: nil) == "2027-07-01 04:30 +00:00")
    }

    /// Issue 46: with the store failing, the next post's time had passed and status still called it "next due" as if
    /// nothing were wrong. It says how overdue it is and why, and the store's line says what, since when, and what it blocks.
    @Test func aFailingStore_isShownWithWhatItBlocks_andTheNextPostOverdue() throws {
        let next = StatusView.NextDue(postId: 8, dueAt: Fixtures.monday.addingTimeInterval(-3_625), accounts: 2)
        var status = Fixtures.status(nextDue: next, nextHeld: nil)
        status.store = StatusView.StoreTrouble(
            cause: "disk_full", message: "no space left on the device holding /var/lib/schedulerd, 0 bytes free",
            action: "free space on that file system", since: Fixtures.monday.addingTimeInterval(-3_630),
            lastFailedAt: Fixtures.monday.addingTimeInterval(-3_601), failures: 7,
            blocks: ["publishing: due posts wait, and go out once the store takes claims again"])
        status.sandboxGone = StatusView.SandboxGone(exitedAt: Fixtures.monday.addingTimeInterval(-3_700), how: "killed by signal 9",
                                                    action: "restart schedulerd")
        let drawn = StatusText.render(status)
        try Golden.check(drawn, "status-store-failing.txt")
        #expect(drawn.contains("next due:   post 8 at 2027-03-01 06:29 +02:00 to 2 accounts (overdue by 25 s: the store is failing (see store below))"))
        #expect(drawn.contains("store:      FAILING since 2027-03-01 06:29 +02:00 (7 failures): no space left on the device holding /var/lib/schedulerd"))
        #expect(drawn.contains("  blocks    publishing: due posts wait"))
        #expect(drawn.contains("sandbox:    GONE: sandboxd exited (killed by signal 9) at 2027-03-01 06:28 +02:00"))
    }

    @Test func aNextPostJustDue_isNotCalledOverdue() {
        let next = StatusView.NextDue(postId: 8, dueAt: Fixtures.monday.addingTimeInterval(-3_602), accounts: 1)
        #expect(!StatusText.render(Fixtures.status(nextDue: next, nextHeld: nil)).contains("overdue"), "a claim takes a moment")
    }
}

/// Issue 48, item 1: a network the daemon found nothing answering at is named, with its accounts and the address.
struct StatusUnreachableTextTests {
    @Test func anUnreachableNetwork_isNamedWithItsAccountsAndWhatTheConnectionSaid() {
        var status = Fixtures.status(nextDue: nil, nextHeld: nil)
        status.unreachable = [StatusView.Unreachable(network: .bluesky, accounts: ["bluesky:@mara.bsky.sandbox"],
                                                     error: "Bluesky could not be reached: could not connect to http://127.0.0.1:4004",
                                                     since: Fixtures.monday.addingTimeInterval(-60), lastFailedAt: Fixtures.monday)]
        let drawn = StatusText.render(status)
        #expect(drawn.contains("network:    Bluesky UNREACHABLE since 2027-03-01 07:29 +02:00 for bluesky:@mara.bsky.sandbox: "
            + "Bluesky could not be reached: could not connect to http://127.0.0.1:4004"), "\(drawn)")
        #expect(StatusText.render(status, width: 80).split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
