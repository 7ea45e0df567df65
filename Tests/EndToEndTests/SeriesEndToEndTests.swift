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
