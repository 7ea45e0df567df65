import Foundation
import SchedulerCore
import Testing

/// What schedctl says about waiting posts and empty answers, driven against a real daemon (issue 16, bugs 2 and 11).
@Suite struct EverydayOutputTests {
    /// Bug 2: with every waiting post's account paused, status said "next due: nothing scheduled" beside "scheduled 4".
    @Test func status_withEveryWaitingPostsAccountPaused_showsTheNextPostAndWhyItWaits() async throws {
        let daemon = try DaemonUnderTest("status-held", config: #"timezone = "Europe/Kyiv""#)
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "club")
        let runner = try daemon.addSandboxAccount(username: "runner")
        let first = try daemon.schedule("Held first", to: club.reference, at: "2031-03-01T07:30:00+02:00")
        _ = try daemon.schedule("Held second", to: runner.reference, at: "2031-03-02T07:30:00+02:00")
        for account in [club, runner] { #expect(try daemon.schedctl(["pause", account.reference]).status == 0) }

        let status = try daemon.schedctl(["status"], environment: ["COLUMNS": "200"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(!status.stdout.contains("nothing scheduled"), "\(status.stdout)")
        #expect(status.stdout.contains("next due:   post \(first.id) at 2031-03-01 07:30 +02:00; waits: x:@club is paused "
                                       + "(`schedctl resume x:@club` publishes again)"), "\(status.stdout)")
        #expect(status.stdout.contains("times in Europe/Kyiv"), "\(status.stdout)")
        let json = try daemon.schedctl(["status", "--json"]).decode(StatusView.self)
        #expect(json.nextDue == nil && json.nextHeld?.postId == first.id && json.nextHeld?.reason == .accountPaused)
        _ = try await daemon.stop()
    }

    /// Bug 11: `resume` after resuming four accounts said "publishing: nothing is paused"; `events --since 999` said
    /// "no events yet"; `list --page 99` said "no pending posts".
    @Test func emptyAnswers_sayWhatHappened() async throws {
        let daemon = try DaemonUnderTest("empty-answers")
        try await daemon.start()
        var accounts: [AccountView] = []
        for name in ["a", "b", "c", "d"] {
            let account = try daemon.addSandboxAccount(username: "resume\(name)")
            accounts.append(account)
            #expect(try daemon.schedctl(["pause", account.reference]).status == 0)
        }
        let resumed = try daemon.schedctl(["resume"])
        #expect(resumed.status == 0)
        #expect(resumed.stdout.hasPrefix("resumed 4 accounts: \(accounts.map(\.reference).sorted().joined(separator: ", "))\n"), "\(resumed.stdout)")
        #expect(!resumed.stdout.contains("publishing: nothing is paused"), "\(resumed.stdout)")
        #expect(try daemon.schedctl(["resume"]).stdout == "nothing was paused; nothing to resume\n")

        #expect(try daemon.schedctl(["events", "--since", "999"]).stdout == "no events yet\n")
        _ = try daemon.schedule("Published for an event", to: accounts[0].reference, at: "in 1s")
        try await eventually("the post to be published") { try daemon.posts(state: "published").count == 1 }
        let events = try daemon.schedctl(["events", "--json", "--last", "1"]).decode([EventView].self)
        let last = try #require(events.last?.id, "publishing left an event")
        let since = try daemon.schedctl(["events", "--since", "999"])
        #expect(since.status == 0 && since.stdout == "no events after #999; the last is #\(last)\n", "\(since.stdout)")

        var paged: [Int64] = []
        for index in 0..<3 { paged.append(try daemon.schedule("Paged \(index)", to: accounts[0].reference, at: "2031-01-0\(index + 1)T10:00:00Z").id) }
        let past = try daemon.schedctl(["list", "--page", "99", "--limit", "2"])
        #expect(past.status == 0)
        #expect(past.stdout == "page 99 is past the end: 3 pending posts fill 2 pages of 2 (`--page 2` is the last)\n", "\(past.stdout)")
        try Self.expectPagingCommands(daemon, paged)
        _ = try await daemon.stop()
    }

    /// `schedctl list`'s paging, over the API's cursors (SchedulerServerTests' ListPagingTests): the table ends with the
    /// command for the next page, `--json` gives the cursor on standard error, and `--after` or `--page 2` lists the rest.
    static func expectPagingCommands(_ daemon: DaemonUnderTest, _ paged: [Int64]) throws {
        let first = try daemon.schedctl(["list", "--limit", "2", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try first.decode([PostView].self).map(\.id) == Array(paged.prefix(2)))
        let line = try #require(first.stderr.split(separator: "\n").first { $0.hasPrefix("next_cursor: ") }, "\(first.stderr)")
        let cursor = String(line.dropFirst("next_cursor: ".count))
        #expect(try daemon.schedctl(["list", "--limit", "2", "--json", "--after", cursor]).decode([PostView].self).map(\.id) == [paged[2]])
        #expect(try daemon.schedctl(["list", "--limit", "2", "--page", "2", "--json"]).decode([PostView].self).map(\.id) == [paged[2]])
        let table = try daemon.schedctl(["list", "--limit", "2"])
        let more = try #require(table.stdout.split(separator: "\n").last.map(String.init))
        #expect(more.hasPrefix("(more: schedctl list --limit 2 --after "), "\(table.stdout)")
        let next = String(more.dropFirst("(more: schedctl list --limit 2 --after ".count).dropLast())
        #expect(try daemon.schedctl(["list", "--limit", "2", "--after", next, "--json"]).decode([PostView].self).map(\.id) == [paged[2]])
    }

    /// The table fits `COLUMNS` when standard output is not a terminal, and is never coloured there.
    @Test func list_fitsCOLUMNS_withoutColour_whenPiped() async throws {
        let daemon = try DaemonUnderTest("list-width")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "wide")
        let text = "A long text about a long run along the river, out to the bridge and back again, with hills"
        let later = try daemon.schedule(text, to: account.reference, at: "2031-01-02T10:00:00Z")
        let sooner = try daemon.schedule("Sooner", to: account.reference, at: "2031-01-01T10:00:00Z")
        for width in [80, 120] {
            let run = try Schedctl.run(["list"], socket: daemon.socket, environment: ["COLUMNS": "\(width)"])
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= width } && !run.stdout.contains("\u{1B}"), "\(run.stdout)")
            #expect(lines.dropFirst().map { $0.prefix { $0 != " " } } == ["\(sooner.id)", "\(later.id)"], "next due first: \(run.stdout)")
            #expect(lines.last?.hasSuffix("…") == true, "\(run.stdout)")
        }
        _ = try await daemon.stop()
    }
}
