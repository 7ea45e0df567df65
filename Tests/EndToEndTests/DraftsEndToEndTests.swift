import Foundation
import SchedulerCore
import Testing

/// Drafts through `schedctl` against a running daemon: kept without a time and never published, listed, given a
/// time and published once, copied from a published post.
@Suite struct DraftsEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func aDraft_waitsUntilScheduled_isPublishedOnce_andCanBeCopied() async throws {
        let daemon = try DaemonUnderTest("drafts")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "club")
        let text = "Club run Thursday 18:30, 8 km easy \(UUID().uuidString.prefix(6))"

        let kept = try daemon.schedctl(["schedule", text, "--to", account.reference, "--draft"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("kept without a time"), "\(kept.stdout)")
        let drafts = try daemon.schedctl(["drafts", "--json"]).decode([PostView].self)
        let draft = try #require(drafts.first)
        #expect(drafts.count == 1 && draft.dueAt == nil && draft.deliveries.map(\.state) == [.draft])
        #expect(try daemon.schedctl(["drafts"]).stdout.contains(String(text.prefix(20))))
        #expect(try daemon.schedctl(["show", "\(draft.id)"]).stdout.contains("a draft"))
        #expect(try daemon.posts(state: "pending").isEmpty, "a draft is not pending")

        let timed = try daemon.schedctl(["schedule", "--draft", "--to", account.reference, "--at", "in 1h", text])
        #expect(timed.status == 2, "a draft with a time is refused by schedctl: \(timed.stdout) \(timed.stderr)")
        let missing = try daemon.schedctl(["schedule", "--post", "\(draft.id)"])
        #expect(missing.status == 2 && missing.stderr.contains("--post ID needs --at TIME"), "\(missing.stderr)")

        let scheduled = try daemon.schedctl(["schedule", "--post", "\(draft.id)", "--at", "in 1s", "--json"])
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        #expect(try scheduled.decode(PostView.self).deliveries.map(\.state) == [.scheduled])
        try await eventually(timeout: .seconds(20), "the draft, now scheduled, to be published") {
            try daemon.schedctl(["show", "\(draft.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        #expect(received.filter { $0["text"]?.stringValue == text }.count == 1, "published once")
        let again = try daemon.schedctl(["schedule", "--post", "\(draft.id)", "--at", "in 1h"])
        #expect(again.status == 5 && again.stderr.contains("is not a draft"), "\(again.stderr)")

        let copied = try daemon.schedctl(["duplicate", "\(draft.id)", "--json"])
        #expect(copied.status == 0, "\(copied.stderr)")
        let copy = try copied.decode(PostView.self)
        #expect(copy.id != draft.id && copy.text == text && copy.dueAt == nil && copy.deliveries.map(\.state) == [.draft])
        #expect(try daemon.schedctl(["drafts", "--json"]).decode([PostView].self).map(\.id) == [copy.id])
        let dropped = try daemon.schedctl(["cancel", "\(copy.id)", "--json"])
        #expect(try dropped.decode(PostView.self).deliveries.map(\.state) == [.cancelled])
        #expect(try daemon.schedctl(["drafts"]).stdout.contains("no drafts"))
        _ = try await daemon.stop()
    }
}
