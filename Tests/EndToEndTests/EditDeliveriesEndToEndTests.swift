import Foundation
import SchedulerCore
import Testing

/// `edit` changes per-account texts, media and accounts of what has not gone out, each change checked against the
/// network's rules and written whole; what has gone out is never touched (exit 5).
@Suite(.serialized) struct EditDeliveriesEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func edit_changesTextsMediaAndAccounts_checksEachAgainstItsRules_andLeavesWhatWentOut() async throws {
        let daemon = try DaemonUnderTest("edit-deliveries")
        try await daemon.start()
        let runner = try daemon.addSandboxAccount(username: "editrunner")
        let club = try daemon.addSandboxAccount(username: "editclub")
        let coach = try daemon.addSandboxAccount(username: "editcoach")
        let post = try daemon.schedule("Club run Thursday", to: runner.reference, at: "in 2h", extra: ["--to", club.reference])

        // Every change together: a text for one account, a picture with its alt text, one account in, one out.
        let edited = try daemon.schedctl(["edit", "\(post.id)", "--text-for", "\(runner.reference)=Club run Thursday, my pace",
                                          "--media", Fixtures.path("run-4x5.jpg"), "--alt", "The route",
                                          "--add-to", coach.reference, "--remove-from", club.reference, "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let view = try edited.decode(PostView.self)
        #expect(Set(view.deliveries.map(\.account)) == [runner.reference, coach.reference])
        #expect(view.deliveries.first { $0.account == runner.reference }?.text == "Club run Thursday, my pace")
        #expect(view.media.map(\.alt) == ["The route"])

        // A text over X's limit for one account: refused, exit 2, and nothing of the edit is written.
        let tooLong = try daemon.schedctl(["edit", "\(post.id)", "--text-for", "\(coach.reference)=\(String(repeating: "a", count: 281))",
                                           "--remove-from", runner.reference])
        #expect(tooLong.status == 2, "\(tooLong.stdout) \(tooLong.stderr)")
        #expect(tooLong.stderr.contains("\(coach.reference):"), "\(tooLong.stderr)")
        let unchanged = try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self)
        #expect(unchanged.deliveries.count == 2 && unchanged.deliveries.first { $0.account == coach.reference }?.text == nil)

        // Once out, untouched: exit 5.
        let soon = try daemon.schedule("Out in a moment", to: runner.reference, at: "in 1s")
        try await eventually(timeout: .seconds(30), "the post to be published") {
            try daemon.schedctl(["show", "\(soon.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let late = try daemon.schedctl(["edit", "\(soon.id)", "--text-for", "\(runner.reference)=too late"])
        #expect(late.status == 5, "\(late.stdout) \(late.stderr)")
        #expect(late.stderr.contains("what has gone out is never changed"), "\(late.stderr)")
        let media = try daemon.schedctl(["edit", "\(soon.id)", "--no-media"])
        #expect(media.status == 5, "\(media.stderr)")
        #expect(try await daemon.stop() == 0)
    }
}
