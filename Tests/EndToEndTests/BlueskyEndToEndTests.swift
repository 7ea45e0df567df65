import Foundation
import SchedulerCore
import Testing

/// Bluesky end to end: an account signed in with an app password through `schedctl`, posts published by the daemon to
/// the sandbox PDS, and every doubt settled by the record key stored before the create, never by a listing.
@Suite(.serialized) struct BlueskyEndToEndTests {
    static func records(_ received: [JSONValue]) -> [JSONValue] {
        received.filter { $0["network"]?.stringValue == "bluesky" && $0["kind"]?.stringValue == "post" }
    }

    @Test(.timeLimit(.minutes(2)))
    func aPostWithAnImageLinkAndTag_isOneRecordAtATIDKey_withItsFacetsAndAltText_andAMentionOfNoAccountIsSaidAtScheduleTime() async throws {
        let daemon = try DaemonUnderTest("bluesky")
        try await daemon.start()
        let runner = try daemon.addSandboxAccount(username: "river-runner", network: "bluesky")
        #expect(runner.network == .bluesky && runner.handle == "river-runner.bsky.sandbox" && runner.remoteId.hasPrefix("did:plc:"))
        #expect(runner.authKind == .appPassword)
        let text = "Sunday long run 🏃‍♀️🇳🇴 by the river: https://example.org/route #running"
        let post = try daemon.schedule(text, to: runner.reference, at: "in 1s",
                                       extra: ["--media", Fixtures.path("run-4x5.jpg"), "--alt", "Route along the river"])
        try await eventually(timeout: .seconds(30), "the post published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let created = Self.records(received)
        #expect(created.count == 1)
        let body = try #require(created.first?["body"])
        #expect(body["record"]?["text"]?.stringValue == text)
        let key = try #require(body["rkey"]?.stringValue)
        #expect(key.count == 13, "a TID")
        guard case .array(let facets)? = body["record"]?["facets"] else { Issue.record("no facets"); return }
        #expect(facets.count == 2, "the link and the tag")
        guard case .array(let images)? = body["record"]?["embed"]?["images"] else { Issue.record("no images"); return }
        #expect(images.first?["alt"]?.stringValue == "Route along the river")
        let delivery = try #require(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first)

        // A mention of a handle that resolves to no account is said at schedule time (a handle under a TLD that does not
        // exist, as the sandbox's, is no mention at all).
        let mentions = try daemon.schedctl(["schedule", "Ran with @nobody-here.bsky.social and @river-runner.bsky.sandbox", "--to", runner.reference,
                                            "--at", "in 1h"])
        #expect(mentions.status == 0, "a note, not a refusal: \(mentions.stderr)")
        #expect(mentions.stdout.contains("note: \(runner.reference): @nobody-here.bsky.social is no Bluesky account"), "\(mentions.stdout)")
        #expect(!mentions.stdout.contains("@river-runner.bsky.sandbox is no"), "\(mentions.stdout)")
        #expect(delivery.remoteId == "at://\(runner.remoteId)/app.bsky.feed.post/\(key)")
        #expect(delivery.remoteUrl == "https://bsky.app/profile/\(runner.remoteId)/post/\(key)")
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aCreateWhoseAnswerIsLost_isFoundByGetRecordAtItsKey_andNeverListed_norCreatedTwice() async throws {
        let directory = TemporaryDirectory("bluesky-lost")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("bluesky-lost", sandbox: sandbox, config: "[engine]\nretry_base = \"1s\"\n\(DaemonUnderTest.quickRecovery)")
        try await daemon.start()
        let runner = try daemon.addSandboxAccount(username: "lost-answer", network: "bluesky")
        // The second create (part 2 of the thread) is made, and its answer lost.
        try await sandbox.setFaults(#"{"rate": 1, "kinds": ["lost_answer"], "only": {"request": "POST /xrpc/com.atproto.repo.createRecord", "skip": 1, "count": 1}}"#)
        let tag = UUID().uuidString.prefix(6)
        let parts = (1...3).map { "Track session \(tag), part \($0) of 3" }
        let run = try daemon.schedctl(["schedule", "--thread"] + parts + ["--first-comment", "Splits \(tag): https://example.org/splits",
                                       "--to", runner.reference, "--at", "in 1s", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let post = try run.decode(PostView.self)
        try await eventually(timeout: .seconds(60), "the thread published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let created = Self.records(try await sandbox.received())
        #expect(created.compactMap { $0["text"]?.stringValue } == parts + ["Splits \(tag): https://example.org/splits"], "each part once, in order")
        #expect(Set(created.compactMap { $0["body"]?["rkey"]?.stringValue }).count == 4, "a key of its own for each part")
        // Each reply names the thread's first post as its root and the part before as its parent.
        let uris = created.compactMap { $0["remote_id"]?.stringValue }
        for (index, record) in created.enumerated().dropFirst() {
            #expect(record["body"]?["record"]?["reply"]?["root"]?["uri"]?.stringValue == uris[0])
            #expect(record["body"]?["record"]?["reply"]?["parent"]?["uri"]?.stringValue == uris[index - 1])
        }
        #expect(try await sandbox.record("faults").filter { $0["kind"]?.stringValue == "lost_answer" }.count == 1)
        let reads = try await sandbox.blueskyReads(of: runner.remoteId)
        #expect(reads.getRecord >= 1, "the part in doubt was read back by its key")
        #expect(reads.listRecords == 0, "no listing was read")
        let history = try daemon.schedctl(["history", "\(post.id)"])
        #expect(history.stdout.contains("part 2: error") && history.stdout.contains("part 2: found"), "\(history.stdout)")
        _ = try await daemon.stop()
    }
}
