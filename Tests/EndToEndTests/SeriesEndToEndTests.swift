import Foundation
import SchedulerCore
import Testing

/// A repeating post through `schedctl` against a running daemon: its first occurrence published with its number
/// filled in, the others waiting as posts of their own, and the series ended with `cancel --series`.
@Suite struct SeriesEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func aDailySeries_publishesItsFirstOccurrence_andEndsWhenCancelled() async throws {
        let daemon = try DaemonUnderTest("series")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "series_club")
        let tag = UUID().uuidString.prefix(6)

        let scheduled = try daemon.schedctl(["schedule", "Daily stretch \(tag) #{{n}} ({{weekday}})", "--to", club.reference, "--at", "in 2s",
                                             "--repeat", "FREQ=DAILY;COUNT=10", "--json"])
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        let first = try scheduled.decode(PostView.self)
        #expect(first.series?.index == 1 && first.series?.rule == "FREQ=DAILY;COUNT=10")
        #expect(first.text.hasPrefix("Daily stretch \(tag) #1 ("))
        let all = try daemon.posts().filter { $0.series?.id == first.series?.id }
        #expect(all.count == 10, "ten days fit in the four weeks created ahead")
        #expect(Set(all.compactMap(\.dueAt).map { Int($0.timeIntervalSince(first.dueAt!).rounded()) % 86_400 }).count == 1, "one time of day")
        let shown = try daemon.schedctl(["show", "\(all[0].id)"])
        #expect(shown.stdout.contains("series:    \(first.series!.id), occurrence"), "\(shown.stdout)")

        try await eventually(timeout: .seconds(30), "the first occurrence to be published") {
            try daemon.schedctl(["show", "\(first.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        #expect(received.contains { $0["text"]?.stringValue == first.text }, "published with its number filled in")

        let cancelled = try daemon.schedctl(["cancel", "\(first.id)", "--series", "--json"])
        #expect(cancelled.status == 0, "\(cancelled.stderr)")
        let after = try daemon.posts().filter { $0.series?.id == first.series?.id }
        #expect(after.filter { $0.deliveries.first?.state == .published }.map(\.id) == [first.id])
        #expect(after.filter { $0.deliveries.first?.state == .cancelled }.count == 9)
        let alone = try daemon.schedctl(["schedule", "x", "--to", club.reference, "--until", "2030-01-01", "--at", "in 1h"])
        #expect(alone.status == 2 && alone.stderr.contains("--until goes with --repeat"), "\(alone.stderr)")
        _ = try await daemon.stop()
    }

    /// Issue 25, bug 20: a weekly series starting four months ahead is one post (occurrences are made four weeks ahead),
    /// yet the calendar of its month shows every occurrence, the later ones marked planned (JSON too), and its dry run
    /// lists the next occurrences with their local and UTC times.
    @Test(.timeLimit(.minutes(2)))
    func aSeriesMonthsAhead_showsEveryOccurrenceInTheCalendar_andItsDryRunListsThem() async throws {
        let daemon = try DaemonUnderTest("series-ahead")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "ahead_club")
        var paris = Calendar(identifier: .gregorian)
        paris.timeZone = TimeZone(identifier: "Europe/Paris")!
        // The 3rd of the month four months on: its month holds the first occurrence and four or so planned ones.
        let day = paris.dateComponents([.year, .month], from: Date().addingTimeInterval(120 * 86_400))
        let start = String(format: "%04d-%02d-03", day.year!, day.month!)
        let arguments = ["schedule", "Track night #{{n}} ({{date}})", "--to", club.reference, "--at", "\(start) 18:30", "--tz", "Europe/Paris",
                         "--repeat", "weekly"]

        let dryRun = try daemon.schedctl(arguments + ["--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("occurrences ("), "\(dryRun.stdout)")
        let listed = dryRun.stdout.split(separator: "\n").filter { $0.hasPrefix("  #") }
        #expect(listed.count >= 8 && listed.first?.contains("#1  \(start) 18:30 +0") == true, "\(listed)")
        #expect(listed.allSatisfy { $0.contains("Z)") }, "each with its UTC time: \(listed)")

        let stored = try daemon.schedctl(arguments + ["--json"]).decode(PostView.self)
        #expect(try daemon.posts().filter { $0.series?.id == stored.series?.id }.count == 1, "one post so far")
        let month = try daemon.schedctl(["calendar", "--month", "--from", start, "--tz", "Europe/Paris", "--json"]).decode([CalendarDay].self)
        let entries = month.flatMap(\.entries).filter { $0.text.hasPrefix("Track night #") }
        #expect(entries.first?.postId == stored.id && entries.first?.state == "scheduled")
        let planned = entries.filter { $0.state == "planned" }
        #expect(planned.count >= 3 && planned.allSatisfy { $0.postId == nil && $0.seriesId == stored.series?.id && $0.time == "18:30" },
                "\(entries)")
        #expect(planned.map(\.occurrence) == planned.indices.map { $0 + 2 }, "numbered on from the first")
        let drawn = try daemon.schedctl(["calendar", "--month", "--from", start, "--tz", "Europe/Paris", "--width", "160"])
        #expect(drawn.stdout.contains("~ 18:30 X") && drawn.stdout.contains("Track night #2"), "planned, marked for a pipe: \(drawn.stdout)")
        _ = try await daemon.stop()
    }

    /// Issue 25, item 1: an occurrence edited alone went out with `{{n}}` and `{{date}}` as typed; it goes out with them
    /// filled in for that occurrence, as the README's example edits one.
    @Test(.timeLimit(.minutes(2)))
    func anOccurrenceEditedAlone_goesOutWithItsPlaceholdersFilledIn() async throws {
        let daemon = try DaemonUnderTest("series-edit-one")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "streak_club")
        let tag = UUID().uuidString.prefix(6)
        let first = try daemon.schedule("Streak day {{n}} on {{date}} \(tag)", to: club.reference, at: "in 1h", extra: ["--repeat", "daily"])
        let edited = try daemon.schedctl(["edit", "\(first.id)", "--text", "Streak day {{n}} on {{date}} - rest day \(tag)", "--at", "in 2s", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let post = try edited.decode(PostView.self)
        #expect(post.text == "Streak day 1 on \(post.dueLocal.prefix(10)) - rest day \(tag)", "\(post.text)")
        try await eventually(timeout: .seconds(30), "the edited occurrence to go out") {
            try daemon.schedctl(["show", "\(first.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self).compactMap { $0["text"]?.stringValue }
        #expect(received.contains(post.text) && !received.contains { $0.contains("{{") }, "\(received)")
        _ = try await daemon.stop()
    }
}
