import Foundation
import SchedulerCore
import Testing

/// A handoff nobody confirms: the hook command hears of it, then of one reminder, then of its expiry.
@Suite(.serialized) struct HandoffFollowUpTests {
    @Test func anUnconfirmedHandoff_notifiesRemindsOnceThenExpires() async throws {
        let events = TemporaryDirectory("hook-events")
        let log = events.file("events.jsonl")
        let config = """
            [handoff]
            remind_after = "1s"
            expire_after = "3s"
            [notifications]
            command = ["/bin/sh", "-c", "cat >> \\"$0\\"; echo >> \\"$0\\"", "\(log)"]
            """
        let daemon = try DaemonUnderTest("handoff-followup", config: config)
        try await daemon.start()
        let added = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "club_runs", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let post = try daemon.schedule("Parkrun PB! #parkrun", to: "instagram:@club_runs", at: "in 1s",
                                       extra: ["--media", Fixtures.path("run-4x5.jpg")])

        func received() -> [[String: Any]] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        try await eventually(timeout: .seconds(20), "handed_off, a reminder and the expiry to reach the hook") {
            received().compactMap { $0["event"] as? String } == ["handed_off", "handoff_reminder", "expired"]
        }
        let first = try #require(received().first)
        #expect(first["caption"] as? String == "Parkrun PB! #parkrun")
        #expect((first["media"] as? [String])?.first?.hasSuffix(".jpg") == true)
        #expect(first["confirm"] as? String == "schedctl handoff done \(post.deliveries[0].id) --url PERMALINK")
        let final = try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self)
        #expect(final.deliveries.first?.state == .expired)
        #expect(try daemon.schedctl(["handoff", "list", "--json"]).decode([HandoffView].self).isEmpty)
        let late = try daemon.schedctl(["handoff", "done", "\(post.deliveries[0].id)"])
        #expect(late.status == 5, "an expired handoff can no longer be confirmed: \(late.stderr)")
        _ = try await daemon.stop()
    }
}
