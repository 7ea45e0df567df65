import Foundation
import PostgresTestCluster
import SchedulerCore
import Testing

/// `schedctl handoff` against any daemon sharing the store: the daemon that handed the post off wrote its bundle
/// on its own machine, and every other daemon gives the person a bundle of its own, written from the database.
@Suite struct SharedStoreHandoffTests {
    @Test(.timeLimit(.minutes(3)))
    func aHandoffBundle_isThereOnEveryDaemon_andConfirmedThroughAnother() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let config = DaemonUnderTest.sharedStoreConfig(database)
        let first = try DaemonUnderTest("handoff-a", config: config)
        try await first.start()
        let second = try DaemonUnderTest("handoff-b", config: config)
        try second.takeCredentialKey(from: first)
        try await second.start()
        let added = try first.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "club_runs", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let account = try added.decode(AccountView.self)
        let text = "Track night: 6 x 800 m #running"
        let post = try first.schedule(text, to: account.reference, at: "in 1s", extra: ["--media", Fixtures.path("run-4x5.jpg"), "--alt", "The track"])
        try await eventually(timeout: .seconds(30), "the post to be handed off") {
            try second.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .handedOff
        }

        let picture = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("run-4x5.jpg")))
        for daemon in [first, second] {
            let handoffs = try daemon.schedctl(["handoff", "list", "--json"]).decode([HandoffView].self)
            let handoff = try #require(handoffs.first)
            #expect(handoffs.count == 1 && handoff.postId == post.id)
            #expect(handoff.bundle.hasPrefix(daemon.stateDirectory + "/"), "a bundle on this daemon's machine: \(handoff.bundle)")
            #expect(try String(contentsOfFile: handoff.bundle + "/caption.txt", encoding: .utf8) == text)
            let files = try FileManager.default.contentsOfDirectory(atPath: handoff.bundle)
            let image = try #require(files.first { $0.hasSuffix(".jpg") }, "the picture is in the bundle: \(files)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: handoff.bundle + "/" + image)) == picture)
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: handoff.bundle + "/manifest.json"))) as? [String: Any]
            #expect(manifest?["caption"] as? String == text)
            #expect(manifest?["alt"] as? [String] == ["The track"])
            #expect(manifest?["media"] as? [String] == [image])
        }

        let handoff = try #require(try second.schedctl(["handoff", "list", "--json"]).decode([HandoffView].self).first)
        let done = try second.schedctl(["handoff", "done", "\(handoff.deliveryId)", "--url", "https://www.instagram.com/p/Tr4ckN1ght/", "--json"])
        #expect(done.status == 0, "\(done.stderr)")
        let shown = try first.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self)
        #expect(shown.deliveries.first?.state == .published)
        #expect(shown.deliveries.first?.remoteId == "Tr4ckN1ght")
        #expect(try first.schedctl(["handoff", "list", "--json"]).decode([HandoffView].self).isEmpty)
        #expect(try await first.stop() == 0)
        #expect(try await second.stop() == 0)
    }
}
