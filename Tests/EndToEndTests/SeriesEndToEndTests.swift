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
}
