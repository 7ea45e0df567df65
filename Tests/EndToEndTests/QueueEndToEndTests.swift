import Foundation
import SchedulerCore
import Testing

/// The queue through `schedctl` against a running daemon: slots set, posts put in the next free slot, the queue
/// listed in order, and each post published at its slot's time.
@Suite struct QueueEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func postsQueuedInSlots_arePublishedAtTheirSlotTimes() async throws {
        let daemon = try DaemonUnderTest("queue")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "queue_club")

        // A slot at each of the next four minutes, UTC (each with its own weekday, in case midnight falls between them).
        // The queue takes the first at least 10 s ahead when each post is scheduled, so on a machine too busy to schedule
        // before the first slot comes near, the posts take later ones rather than the test failing.
        let start = Date(timeIntervalSince1970: ((Date().timeIntervalSince1970 + 20) / 60).rounded(.up) * 60)
        let slots = (0..<4).map { start.addingTimeInterval(60 * Double($0)) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        func slot(_ instant: Date) -> [String] {
            let c = calendar.dateComponents([.weekday, .hour, .minute], from: instant)
            return [["sun", "mon", "tue", "wed", "thu", "fri", "sat"][c.weekday! - 1], String(format: "%02d:%02d", c.hour!, c.minute!)]
        }
        let set = try daemon.schedctl(["slots", "set", club.reference] + slots.flatMap(slot) + ["--tz", "UTC"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("(UTC)"), "\(set.stdout)")
        #expect(try daemon.schedctl(["slots"]).stdout.contains(club.reference))
        // Issue 48, item 14: `slots show ACCOUNT` shows that account's, and says when it has none.
        let shown = try daemon.schedctl(["slots", "show", club.reference])
        #expect(shown.status == 0 && shown.stdout.contains(club.reference), "\(shown.stdout) \(shown.stderr)")
        let byID = try daemon.schedctl(["slots", "show", "\(club.id)", "--json"]).decode([SlotsView].self)
        #expect(byID.count == 1 && byID[0].slots != nil, "named by its id")
        let unknown = try daemon.schedctl(["slots", "show", "x:@nobody_here"])
        #expect(unknown.status != 0 && unknown.stderr.contains("no account 'x:@nobody_here'"), "\(unknown.stderr)")
        let refused = try daemon.schedctl(["slots", "set", club.reference, "mon", "25:00"])
        #expect(refused.status == 2 && refused.stderr.contains("'25:00' is neither days"), "\(refused.stderr)")

        let tag = UUID().uuidString.prefix(6)
        let texts = ["Queued first \(tag)", "Queued second \(tag)"]
        let one = try daemon.schedctl(["schedule", texts[0], "--to", club.reference, "--next-slot", "--json"])
        let two = try daemon.schedctl(["schedule", texts[1], "--to", club.reference, "--next-slot"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr) \(two.stderr)")
        let first = try #require(try one.decode(PostView.self).dueAt)
        let taken = try #require(slots.firstIndex(of: first), "the first post is in one of the slots: \(RFC3339.format(first))")
        #expect(slots.prefix(taken).allSatisfy { $0 < Date().addingTimeInterval(10) }, "no earlier slot was free and 10 s ahead")
        let second = try #require(slots.dropFirst(taken + 1).first, "a slot is left for the second post")
        #expect(two.stdout.contains("in the first free posting slot"), "\(two.stdout)")
        let both = try daemon.schedctl(["schedule", "x", "--to", club.reference, "--next-slot", "--at", "in 1h"])
        #expect(both.status == 2 && both.stderr.contains("not both"), "\(both.stderr)")

        let queue = try daemon.schedctl(["queue", "--account", club.reference, "--json"]).decode([QueueView].self)
        #expect(queue.first?.posts.map(\.text) == texts)
        #expect(queue.first?.posts.map(\.dueAt) == [first, second])
        #expect(try daemon.schedctl(["queue"]).stdout.contains("post "))

        try await eventually(timeout: .seconds(150), "both queued posts to be published") {
            try daemon.posts(state: "published").count == 2
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        for (text, due) in zip(texts, [first, second]) {
            let record = try #require(received.first { $0["text"]?.stringValue == text }, "\(text) was published")
            let at = try #require(record["received_at"]?.stringValue.flatMap(RFC3339.parse))
            #expect(at >= due && at.timeIntervalSince(due) < 5, "\(text) at its slot \(RFC3339.format(due)): \(RFC3339.format(at))")
        }
        _ = try await daemon.stop()
    }
}
