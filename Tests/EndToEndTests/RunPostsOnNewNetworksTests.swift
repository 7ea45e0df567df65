import Foundation
import SchedulerCore
import Testing

/// A run from a watch's file, posted to Bluesky, Mastodon and Threads at once: each gets its own template's text within
/// its limits (Bluesky's 300 graphemes) and the run card as an image the network takes (Bluesky's 1,000,000 bytes).
@Suite(.serialized) struct RunPostsOnNewNetworksTests {
    @Test(.timeLimit(.minutes(2)))
    func aRun_goesToBlueskyMastodonAndThreads_eachWithItsTextAndTheCard() async throws {
        let directory = TemporaryDirectory("run-new-networks")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("run-new-networks", sandbox: sandbox)
        try await daemon.start()
        let bluesky = try daemon.addSandboxAccount(username: "loop-runner", network: "bluesky")
        let mastodon = try await daemon.linkAccount("mastodon", as: "loop_runner", extra: ["--instance", try #require(sandbox.urls["mastodon"])])
        let threads = try await daemon.linkAccount("threads", as: "loop_runner")
        let file = daemon.directory.file("sunday.gpx")
        try RunSummaryEndToEndTests.loopGPX().write(toFile: file, atomically: true, encoding: .utf8)

        let scheduled = try daemon.schedctl(["schedule", "--run", file, "--to", bluesky.reference, "--to", mastodon.reference,
                                             "--to", threads.reference, "--at", "in 1s", "--tz", "Europe/Paris", "--json"])
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        let post = try scheduled.decode(PostView.self)
        #expect(post.media.count == 1)
        try await eventually(timeout: .seconds(60), "published on all three") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .published }
        }
        let received = try await sandbox.received()
        func created(on network: String) -> JSONValue? {
            received.first { $0["network"]?.stringValue == network && $0["kind"]?.stringValue == "post" }
        }
        let record = try #require(created(on: "bluesky")?["body"]?["record"])
        let text = try #require(record["text"]?.stringValue)
        #expect(text.count <= 300 && text.contains("3.00 km"), "\(text)")
        guard case .array(let images)? = record["embed"]?["images"] else { Issue.record("no card on Bluesky"); return }
        #expect(images.count == 1 && images.first?["alt"]?.stringValue?.contains("Route map") == true)
        #expect(created(on: "mastodon")?["text"]?.stringValue?.contains("Distance: 3.00 km") == true)
        #expect(created(on: "mastodon")?["media"] != nil, "the card is attached on Mastodon")
        #expect(created(on: "threads")?["text"]?.stringValue?.contains("Distance: 3.00 km") == true)
        _ = try await daemon.stop()
    }
}
