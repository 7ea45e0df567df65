import Foundation
import SchedulerCore
import Testing

/// Mastodon end to end: accounts on two sandbox instances with different limits, linked with OAuth and PKCE through
/// `schedctl`, checked at schedule time against their own instance's numbers, and a status whose answer is lost sent
/// again with the same `Idempotency-Key`, which the instance answers with the first status.
@Suite(.serialized) struct MastodonEndToEndTests {
    static func statuses(_ received: [JSONValue]) -> [JSONValue] {
        received.filter { $0["network"]?.stringValue == "mastodon" && $0["kind"]?.stringValue == "post" }
    }

    @Test(.timeLimit(.minutes(2)))
    func aSixHundredCharacterPost_isAcceptedForTheThousandCharacterInstance_andRefusedForTheOther_atScheduleTime() async throws {
        let directory = TemporaryDirectory("mastodon-limits")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("mastodon-limits", sandbox: sandbox)
        try await daemon.start()
        let small = try await daemon.linkAccount("mastodon", as: "runner", extra: ["--instance", try #require(sandbox.urls["mastodon"])])
        let long = try await daemon.linkAccount("mastodon", as: "runner", extra: ["--instance", try #require(sandbox.urls["mastodon-long"])])
        #expect(small.handle == "runner@mastodon.sandbox" && long.handle == "runner@long.sandbox", "the fediverse address: \(small.handle)")
        #expect(small.instanceLimits?.maxCharacters == 500 && long.instanceLimits?.maxCharacters == 1_000)
        #expect(small.id != long.id, "one person on two instances is two accounts")

        let text = String(repeating: "Tempo run, 8 x 400 m. ", count: 28).prefix(600)
        let both = try daemon.schedctl(["schedule", String(text), "--to", small.reference, "--to", long.reference, "--at", "in 1h"])
        #expect(both.status == 2, "refused as a whole: \(both.stderr)")
        #expect(both.stderr.contains(small.reference) && both.stderr.contains("600") && both.stderr.contains("500"), "\(both.stderr)")
        #expect(!both.stderr.contains(long.reference), "the 1,000-character instance takes it: \(both.stderr)")

        let post = try daemon.schedule(String(text), to: long.reference, at: "in 1s")
        try await eventually(timeout: .seconds(30), "the post published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let statuses = Self.statuses(try await sandbox.received())
        #expect(statuses.count == 1 && statuses.first?["text"]?.stringValue == String(text))

        // Unlinking revokes the token at its instance, with the app it was granted to.
        let unlinked = try daemon.schedctl(["accounts", "unlink", long.reference, "--json"])
        #expect(unlinked.status == 0, "\(unlinked.stderr)")
        #expect(try unlinked.decode(UnlinkView.self).revokedAtNetwork == true)
        #expect(try await sandbox.record("revoked").contains { $0["network"]?.stringValue == "mastodon" })
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aThreadWithAContentWarning_carriesItsVisibilityWarningAndLanguageOnEveryPart_andTheWarningCountsTowardTheLimit() async throws {
        let daemon = try DaemonUnderTest("mastodon-options")
        try await daemon.start()
        // A token imported with its instance gets the instance's limits as a link does; one without is refused, naming what is missing.
        let runner = try daemon.addSandboxAccount(username: "runner", network: "mastodon")
        #expect(runner.instanceLimits?.maxCharacters == 500, "\(String(describing: runner.instanceLimits))")
        let sky = try daemon.addSandboxAccount(username: "sky-runner", network: "bluesky")
        let x = try daemon.addSandboxAccount(username: "x_runner")
        let bare = try daemon.schedctl(["accounts", "add", "mastodon"], stdin: "some-token\n")
        #expect(bare.status == 2 && bare.stderr.contains("needs its instance: --instance"), "\(bare.stderr)")

        // 480 characters fit the 500 of the instance alone, not with a 30-character warning: every part carries it.
        let long = String(repeating: "Hill repeats, 6 x 90 s. ", count: 20)
        let warning = "Race report, long (spoilers!)"
        let tooLong = try daemon.schedctl(["schedule", "--thread", "Race day", long, "--to", runner.reference, "--content-warning", warning,
                                           "--at", "in 1h"])
        #expect(tooLong.status == 2 && tooLong.stderr.contains("part 2") && tooLong.stderr.contains("content warning"), "\(tooLong.stderr)")
        let xOnly = try daemon.schedctl(["schedule", "Easy run", "--to", x.reference, "--visibility", "unlisted", "--language", "en", "--at", "in 1h"])
        #expect(xOnly.status == 2 && xOnly.stderr.contains("a visibility is Mastodon's") && xOnly.stderr.contains("a language is for"), "\(xOnly.stderr)")
        let wrong = try daemon.schedctl(["schedule", "Easy run", "--to", runner.reference, "--visibility", "friends", "--language", "english",
                                         "--at", "in 1h"])
        #expect(wrong.status == 2 && wrong.stderr.contains("unknown visibility 'friends'") && wrong.stderr.contains("'english'"), "\(wrong.stderr)")

        let run = try daemon.schedctl(["schedule", "--thread", "Race day: a new 10 km best", "Splits: 4:05, 4:02, 3:58", "--to", runner.reference,
                                       "--to", sky.reference, "--visibility", "unlisted", "--content-warning", warning, "--language", "EN",
                                       "--first-comment", "Thanks, club!", "--at", "in 1s", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let post = try run.decode(PostView.self)
        #expect(post.options == PostOptions(visibility: .unlisted, contentWarning: warning, language: "en"))
        try await eventually(timeout: .seconds(60), "the post published to both") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .published }
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let statuses = Self.statuses(received)
        #expect(statuses.count == 3, "the post, its reply and the first comment")
        for status in statuses {
            #expect(status["body"]?["spoiler_text"]?.stringValue == warning && status["body"]?["visibility"]?.stringValue == "unlisted"
                    && status["body"]?["language"]?.stringValue == "en", "\(status)")
        }
        let records = BlueskyEndToEndTests.records(received)
        #expect(records.count == 3)
        #expect(records.allSatisfy { $0["body"]?["record"]?["langs"] == .array([.string("en")]) }, "\(records)")
        let shown = try daemon.schedctl(["show", "\(post.id)"]).stdout
        #expect(shown.contains(warning) && shown.contains("unlisted"), "\(shown)")
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aStatusWhoseAnswerIsLost_isSentAgainWithTheSameKey_andTheInstanceHoldsOneStatus() async throws {
        let directory = TemporaryDirectory("mastodon-lost")
        // The listing shows a status only 20 s after it was made, so the look-up after the lost answer finds nothing
        // and the key alone settles it.
        let sandbox = try await SandboxUnderTest(directory: directory, arguments: ["--listing-lag", "20"])
        let daemon = try DaemonUnderTest("mastodon-lost", sandbox: sandbox, config: "[engine]\nretry_base = \"1s\"\n\(DaemonUnderTest.quickRecovery)")
        try await daemon.start()
        let instance = try #require(sandbox.urls["mastodon"])
        let runner = try await daemon.linkAccount("mastodon", as: "keyed", extra: ["--instance", instance])
        try await sandbox.setFaults(#"{"rate": 1, "kinds": ["lost_answer"], "only": {"request": "POST /api/v1/statuses", "count": 1}}"#)
        let tag = UUID().uuidString.prefix(6)
        let post = try daemon.schedule("Hill repeats \(tag) with the club", to: runner.reference, at: "in 1s",
                                       extra: ["--media", Fixtures.path("run-4x5.jpg"), "--alt", "Six hills"])
        try await eventually(timeout: .seconds(60), "the post published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let statuses = Self.statuses(try await sandbox.received())
        #expect(statuses.count == 1, "one status, though it was sent twice")
        #expect(try await sandbox.record("faults").filter { $0["kind"]?.stringValue == "lost_answer" }.count == 1)
        let reads = try await sandbox.mastodonReads(instance: instance, domain: "mastodon.sandbox", username: "keyed")
        #expect(reads["idempotent_replays"]?.integer == 1, "the second send was answered with the first status: \(reads)")
        let delivery = try #require(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first)
        #expect(delivery.remoteId == statuses.first?["remote_id"]?.stringValue)
        _ = try await daemon.stop()
    }
}
