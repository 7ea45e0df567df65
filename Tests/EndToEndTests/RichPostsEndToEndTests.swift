import Foundation
import SchedulerCore
import Testing

/// Threads, first comments and several images per post, end to end: scheduled with `schedctl`, published by the
/// daemon, and checked against what the network emulations recorded, with faults where a part can be lost.
@Suite(.serialized) struct RichPostsEndToEndTests {
    /// What the sandbox accepted on `network` at a path ending in `suffix`, in order.
    static func records(_ received: [JSONValue], _ network: String, kind: String = "post", pathSuffix: String? = nil) -> [JSONValue] {
        received.filter { record in
            record["network"]?.stringValue == network && record["kind"]?.stringValue == kind
                && pathSuffix.map { (record["path"]?.stringValue ?? "").hasSuffix($0) } != false
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aFourPartThreadWithAnImageOnPart2_survivesALostAnswerOnPart3_andIsOneChainOnX_eachPartOnce() async throws {
        let directory = TemporaryDirectory("thread-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("thread", sandbox: sandbox, config: "[engine]\nretry_base = \"1s\"\n\(DaemonUnderTest.quickRecovery)")
        try await daemon.start()
        let runner = try await daemon.linkAccount("x", as: "thread_runner")
        // The third POST /2/tweets is made, and its answer lost: part 3 must be looked up, never sent twice.
        try await sandbox.setFaults(#"{"rate": 1, "kinds": ["lost_answer"], "only": {"request": "POST /2/tweets", "skip": 2, "count": 1}}"#)
        let tag = UUID().uuidString.prefix(6)
        let parts = (1...4).map { "Long run \(tag), part \($0) of 4" }
        let run = try daemon.schedctl(["schedule", "--thread"] + parts + ["--part-media", "2=" + Fixtures.path("run-4x5.jpg"),
                                       "--part-alt", "2=Route along the river", "--first-comment", "Splits: https://example.org/\(tag)",
                                       "--to", runner.reference, "--at", "in 2s", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let post = try run.decode(PostView.self)
        #expect(post.thread?.map(\.text) == Array(parts.dropFirst()))
        #expect(post.thread?[0].media.first?.alt == "Route along the river")
        #expect(post.deliveries.first?.partCount == 5)

        try await eventually(timeout: .seconds(60), "the thread published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }

        let tweets = Self.records(try await sandbox.received(), "x", pathSuffix: "/2/tweets")
        #expect(tweets.compactMap { $0["text"]?.stringValue } == parts + ["Splits: https://example.org/\(tag)"], "each part once, in order")
        for (earlier, later) in zip(tweets, tweets.dropFirst()) {
            #expect(later["reply_to"]?.stringValue == earlier["remote_id"]?.stringValue, "each part replies to the one before")
        }
        #expect(tweets.first?["reply_to"] == nil, "the first part replies to nothing")
        #expect(tweets[1]["media"] != nil && tweets[0]["media"] == nil && tweets[2]["media"] == nil, "the image is on part 2 only")
        #expect(try await sandbox.record("faults").filter { $0["kind"]?.stringValue == "lost_answer" }.count == 1)

        let listed = try daemon.schedctl(["list", "--state", "published", "--json"]).decode([PostView].self)
        let delivery = try #require(listed.first { $0.id == post.id }?.deliveries.first)
        #expect(delivery.parts?.map(\.remoteId) == tweets.compactMap { $0["remote_id"]?.stringValue }, "list --json has each part's remote id")
        #expect(delivery.parts?.map(\.kind) == ["post", "reply", "reply", "reply", "comment"])
        #expect(delivery.remoteId == tweets.first?["remote_id"]?.stringValue)
        let history = try daemon.schedctl(["history", "\(post.id)"])
        #expect(history.stdout.contains("part 3: error") && history.stdout.contains("part 3: found"), "\(history.stdout)")
        let shown = try daemon.schedctl(["show", "\(post.id)"])
        #expect(shown.stdout.contains("parts out: 5 of 5"), "\(shown.stdout)")
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aLinkedInMultiImagePost_carriesEachAltText_andItsFirstCommentIsMadeOnceUnderIt() async throws {
        let daemon = try DaemonUnderTest("multiimage")
        try await daemon.start()
        let member = try await daemon.linkAccount("linkedin")
        let image = Fixtures.path("run-4x5.jpg")
        let run = try daemon.schedctl(["schedule", "Race day photos", "--media", image, "--alt", "Start line", "--media", image, "--alt", "Halfway",
                                       "--media", image, "--alt", "Finish", "--first-comment", "Results: https://example.org/results",
                                       "--to", member.reference, "--at", "in 2s", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let post = try run.decode(PostView.self)
        try await eventually(timeout: .seconds(30), "the post and its comment") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let share = try #require(Self.records(received, "linkedin", pathSuffix: "/rest/posts").first)
        guard case .array(let images)? = share["body"]?["content"]?["multiImage"]?["images"] else {
            Issue.record("no multiImage in \(share)")
            return
        }
        #expect(images.compactMap { $0["altText"]?.stringValue } == ["Start line", "Halfway", "Finish"])
        let comments = Self.records(received, "linkedin", kind: "comment")
        #expect(comments.count == 1, "the comment once")
        #expect(comments.first?["text"]?.stringValue == "Results: https://example.org/results")
        #expect(comments.first?["parent_id"]?.stringValue == share["remote_id"]?.stringValue, "under the post")
        let delivery = try #require(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first)
        #expect(delivery.parts?.map(\.kind) == ["post", "comment"])
        #expect(delivery.parts?.last?.remoteId == comments.first?["remote_id"]?.stringValue)
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aThreePhotoFacebookPost_andAFiveImageInstagramCarousel_carryTheirAltTexts_andEachFirstCommentIsMadeOnceAfterThePost() async throws {
        let daemon = try DaemonUnderTest("carousel")
        try await daemon.start()
        let page = try await daemon.linkAccount("facebook")
        let instagram = try await daemon.linkAccount("instagram")
        let image = Fixtures.path("run-4x5.jpg")
        let alts = ["Start", "5 km", "10 km", "Finish", "Medal"]
        func schedule(_ to: AccountView, images: Int) throws -> PostView {
            let media = alts.prefix(images).flatMap { ["--media", image, "--alt", $0] }
            let run = try daemon.schedctl(["schedule", "Race day photos"] + media + ["--first-comment", "Results: https://example.org/results",
                                                                                  "--to", to.reference, "--at", "in 2s", "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try run.decode(PostView.self)
        }
        let photos = try schedule(page, images: 3)
        let carousel = try schedule(instagram, images: 5)
        try await eventually(timeout: .seconds(45), "both posts and their comments") {
            try [photos, carousel].allSatisfy { post in
                try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
            }
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)

        let feedPost = try #require(Self.records(received, "facebook", pathSuffix: "/feed").first)
        guard case .array(let photoImages)? = feedPost["images"] else { Issue.record("no images in \(feedPost)"); return }
        #expect(photoImages.compactMap { $0["alt_text"]?.stringValue } == Array(alts.prefix(3)))
        #expect(Self.records(received, "facebook", pathSuffix: "/photos").isEmpty, "no photo was posted on its own")
        let album = try #require(Self.records(received, "instagram").first ?? Self.records(received, "facebook", pathSuffix: "/media_publish").first)
        guard case .array(let children)? = album["images"] else { Issue.record("no children in \(album)"); return }
        #expect(children.compactMap { $0["alt_text"]?.stringValue } == alts)

        for (network, post) in [("facebook", feedPost), ("instagram", album)] {
            let comments = received.filter { $0["kind"]?.stringValue == "comment" && $0["parent_id"]?.stringValue == post["remote_id"]?.stringValue }
            #expect(comments.count == 1, "\(network): the comment once, under the post")
            #expect(comments.first?["text"]?.stringValue == "Results: https://example.org/results")
            let postAt = try #require(post["received_at"]?.stringValue)
            #expect(try #require(comments.first?["received_at"]?.stringValue) > postAt, "\(network): after the post existed")
        }
        _ = try await daemon.stop()
    }

    @Test func badPartOptions_areRefusedBeforeTheDaemonIsAsked_namingTheOption() throws {
        let cases: [([String], String)] = [
            (["Post", "--first-comment-for", "=Results"], "--first-comment-for takes ACCOUNT=TEXT, not '=Results'"),
            (["Post", "--text-for", "="], "--text-for takes ACCOUNT=TEXT, not '='"),
            (["--thread", "one", "two", "--part-media", "two=card.jpg"], "--part-media takes N=VALUE"),
            (["--thread", "one", "--part-alt", "1=Route"], "1 --part-alt for part 1, which has 0 --part-media"),
            (["Post", "--thread", "one"], "give one of the post's TEXT, --run FILE, --thread PART… or --thread-file FILE"),
        ]
        for (arguments, message) in cases {
            let run = try Schedctl.run(["schedule"] + arguments + ["--to", "x:@runner", "--at", "in 1h"], socket: "/nonexistent.sock")
            #expect(run.status == 2 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aTextWithDashLines_isAThreadOnX_andTheDryRunShowsEveryPart() async throws {
        let daemon = try DaemonUnderTest("dashes")
        try await daemon.start()
        let runner = try await daemon.linkAccount("x")
        let run = try daemon.schedctl(["schedule", "-", "--to", runner.reference, "--at", "in 1h", "--dry-run", "--json"],
                                      stdin: "First part\n---\nSecond part\n\n---\nThird part\n")
        #expect(run.status == 0, "\(run.stderr)")
        let preview = try run.decode(DryRunView.self)
        guard case .array(let parts)? = preview.deliveries.first?.request["parts"] else {
            Issue.record("no parts in \(preview)")
            return
        }
        #expect(parts.compactMap { $0["text"]?.stringValue } == ["First part", "Second part", "Third part"])
        #expect(parts[2]["reply"]?["in_reply_to_tweet_id"]?.stringValue == "(id of part 2)")
        #expect(try daemon.posts(state: "all").isEmpty, "a dry run stores nothing")
        _ = try await daemon.stop()
    }
}
