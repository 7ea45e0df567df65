import Foundation
import SchedulerCore
import Testing

/// One post with an image to X, a Facebook Page, a LinkedIn member, an Instagram Graph account and an
/// Instagram handoff account at once, checked against what each emulation recorded.
@Suite(.serialized) struct PublishEverywhereTests {
    @Test func onePostWithAnImage_reachesEveryNetworkCorrectly_andTheHandoffIsConfirmed() async throws {
        let daemon = try DaemonUnderTest("everywhere")
        try await daemon.start()
        let x = try await daemon.linkAccount("x")
        let facebook = try await daemon.linkAccount("facebook")
        let linkedin = try await daemon.linkAccount("linkedin")
        let instagram = try await daemon.linkAccount("instagram")
        let added = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "club_runs", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let handoffAccount = try added.decode(AccountView.self)

        let text = "Sunday long run: 18 km by the river (negative splits!) #running @club_runs"
        let targets = [x, facebook, linkedin, instagram, handoffAccount].map(\.reference)
        let post = try daemon.schedule(text, to: targets[0], at: "in 2s",
                                       extra: ["--to"] + targets.dropFirst() + ["--media", Fixtures.path("run-4x5.jpg"), "--alt", "Route along the river"])
        #expect(post.deliveries.count == 5)
        #expect(post.media.first?.contentType == "image/jpeg")

        try await eventually(timeout: .seconds(30), "four deliveries published and one handed off") {
            let deliveries = try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries
            return deliveries.filter { $0.state == .published }.count == 4 && deliveries.contains { $0.state == .handedOff }
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        func records(_ network: String, pathSuffix: String) -> [JSONValue] {
            received.filter { $0["network"]?.stringValue == network && ($0["path"]?.stringValue ?? "").hasSuffix(pathSuffix) }
        }
        // X: the image uploaded, then the post with its media id.
        let tweet = try #require(records("x", pathSuffix: "/2/tweets").first)
        #expect(tweet["body"]?["text"]?.stringValue == text)
        guard case .array(let mediaIDs)? = tweet["body"]?["media"]?["media_ids"] else { Issue.record("X got no media ids"); return }
        #expect(mediaIDs.count == 1)
        #expect(!records("x", pathSuffix: "/2/media/upload").isEmpty, "the image went through X's media upload")
        // X: the alt text through the media metadata endpoint.
        let metadata = try #require(records("x", pathSuffix: "/2/media/metadata").first)
        #expect(metadata["body"]?["metadata"]?["alt_text"]?["text"]?.stringValue == "Route along the river")
        // Facebook: a multipart photo with the text as its caption (`message` is deprecated) and its alt text.
        let photo = try #require(records("facebook", pathSuffix: "/photos").first)
        #expect(photo["body"]?["caption"]?.stringValue == text)
        #expect(photo["body"]?["alt_text_custom"]?.stringValue == "Route along the river")
        #expect(photo["body"]?["source"]?["content_type"]?.stringValue == "image/jpeg")
        // LinkedIn: commentary escaped in the little text format, and the uploaded image's URN.
        let share = try #require(records("linkedin", pathSuffix: "/rest/posts").first)
        let commentary = try #require(share["body"]?["commentary"]?.stringValue)
        #expect(commentary.contains("\\(negative splits!\\)") && commentary.contains("\\#running") && commentary.contains("\\@club\\_runs"), "\(commentary)")
        #expect(share["body"]?["content"]?["media"]?["id"]?.stringValue?.hasPrefix("urn:li:image:") == true)
        #expect(share["body"]?["content"]?["media"]?["altText"]?.stringValue == "Route along the river")
        #expect(share["body"]?["author"]?.stringValue == linkedin.remoteId)
        // Instagram Graph: the container from the public image URL, then its publication.
        let container = try #require(records("instagram", pathSuffix: "/media").first ?? records("facebook", pathSuffix: "/media").first)
        #expect(container["body"]?["caption"]?.stringValue == text)
        #expect(container["body"]?["alt_text"]?.stringValue == "Route along the river")
        #expect(!(records("instagram", pathSuffix: "/media_publish") + records("facebook", pathSuffix: "/media_publish")).isEmpty)

        // The handoff bundle holds the caption and the picture; confirming publishes it.
        let handoffs = try daemon.schedctl(["handoff", "list", "--json"]).decode([HandoffView].self)
        let handoff = try #require(handoffs.first)
        #expect(handoffs.count == 1 && handoff.account == handoffAccount.reference)
        #expect(try String(contentsOfFile: handoff.bundle + "/caption.txt", encoding: .utf8) == text)
        let files = try FileManager.default.contentsOfDirectory(atPath: handoff.bundle)
        #expect(files.contains("manifest.json") && files.contains { $0.hasSuffix(".jpg") })
        let done = try daemon.schedctl(["handoff", "done", "\(handoff.deliveryId)", "--url", "https://www.instagram.com/p/C0ffeeRun/", "--json"])
        #expect(done.status == 0, "\(done.stderr)")

        let final = try daemon.schedctl(["list", "--state", "all", "--json"]).decode([PostView].self).first { $0.id == post.id }
        let deliveries = try #require(final?.deliveries)
        #expect(deliveries.allSatisfy { $0.state == .published })
        #expect(deliveries.allSatisfy { $0.remoteId != nil && $0.remoteUrl != nil })
        #expect(deliveries.first { $0.accountId == handoffAccount.id }?.remoteId == "C0ffeeRun")
        _ = try await daemon.stop()
    }

    @Test func eachNetworksLimits_areRefusedAtScheduleTime_namingTheAccountAndTheLimit() async throws {
        let daemon = try DaemonUnderTest("limits")
        try await daemon.start()
        let x = try await daemon.linkAccount("x").reference
        let facebook = try await daemon.linkAccount("facebook").reference
        let linkedin = try await daemon.linkAccount("linkedin").reference
        let instagram = try await daemon.linkAccount("instagram").reference
        let image = Fixtures.path("run-4x5.jpg")
        let cases: [(String, [String], String)] = [
            ("X text", [String(repeating: "a", count: 281), "--to", x], "\(x): the text counts 281 characters, over X's limit of 280"),
            ("X media count", ["Five", "--to", x] + Array(repeating: ["--media", image], count: 5).flatMap { $0 }, "\(x): 5 images, over X's limit of 4 per post"),
            ("Facebook text", [String(repeating: "b", count: 63_207), "--to", facebook], "over Facebook's limit of 63206"),
            ("Facebook media count", ["Eleven", "--to", facebook] + Array(repeating: ["--media", image], count: 11).flatMap { $0 },
             "\(facebook): 11 images, over Facebook's limit of 10 per post"),
            ("Instagram carousel size", ["Twelve", "--to", instagram] + Array(repeating: ["--media", image], count: 12).flatMap { $0 },
             "\(instagram): 12 images, over Instagram's limit of 10 per post"),
            ("LinkedIn media count", ["Twenty-one", "--to", linkedin] + Array(repeating: ["--media", image], count: 21).flatMap { $0 },
             "\(linkedin): 21 images, over LinkedIn's limit of 20 per post"),
            ("a thread to Facebook", ["--thread", "one", "two", "--to", facebook], "\(facebook): Facebook has no threads; a thread goes to X, Bluesky, Mastodon and Threads accounts only"),
            ("a thread part over X's limit", ["--thread", "one", String(repeating: "e", count: 281), "--to", x],
             "\(x): part 2 of the thread: the text counts 281 characters, over X's limit of 280"),
            ("a first comment over LinkedIn's limit", ["Post", "--to", linkedin, "--first-comment", String(repeating: "f", count: 1_251)],
             "\(linkedin): the first comment: the text counts 1251 characters, over LinkedIn's limit of 1250"),
            ("LinkedIn text", [String(repeating: "c", count: 3_001), "--to", linkedin], "\(linkedin): the text counts 3001 characters, over LinkedIn's limit of 3000"),
            ("Instagram caption", [String(repeating: "d", count: 2_201), "--to", instagram, "--media", image], "over Instagram's limit of 2200"),
            ("Instagram hashtags", [(1...31).map { "#tag\($0)" }.joined(separator: " "), "--to", instagram, "--media", image], "\(instagram): 31 hashtags, over Instagram's limit of 30"),
            ("Instagram mentions", [(1...21).map { "@friend\($0)" }.joined(separator: " "), "--to", instagram, "--media", image], "\(instagram): 21 mentions, over Instagram's limit of 20"),
            ("Instagram without an image", ["No picture", "--to", instagram], "\(instagram): Instagram needs at least 1 image"),
            ("Instagram aspect ratio", ["Too wide", "--to", instagram, "--media", Fixtures.path("panorama-3x1.jpg")], "outside Instagram's aspect ratios 4:5 to 1.91:1"),
        ]
        for (name, arguments, message) in cases {
            let run = try daemon.schedctl(["schedule"] + arguments + ["--at", "in 1h"])
            #expect(run.status == 2, "\(name): exit \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
        }
        let notMedia = try daemon.schedctl(["schedule", "A text file", "--to", x, "--at", "in 1h", "--media", #filePath])
        #expect(notMedia.status == 2)
        #expect(notMedia.stderr.contains("is not a JPEG, PNG, GIF, WebP, MP4 or QuickTime file"))
        #expect(try daemon.posts(state: "all").isEmpty, "nothing was stored")

        let check = try daemon.schedctl(["check", "Ran 10k today 🏃 https://example.com/a/very/long/route/link/that/counts/as/23", "--to", "x", "--json"])
        let view = try check.decode(CheckView.self)
        #expect(view.valid && view.problems.isEmpty)
        #expect(view.weightedLength == 40, "16 characters, a weight-2 emoji, a space and a URL counted 23 wherever it points")

        // Issue 16, bug 3: every --to is checked, not only the last.
        let long = String(repeating: "Ran 10k. ", count: 40)
        let both = try daemon.schedctl(["check", long, "--to", "x", "--to", "linkedin"])
        #expect(both.status == 2, "too long for X, though fine for LinkedIn: \(both.stdout)")
        #expect(both.stdout.contains("as X counts them: not valid") && both.stdout.contains("as LinkedIn counts them: valid"), "\(both.stdout)")
        let bothJSON = try daemon.schedctl(["check", long, "--to", "linkedin", "--to", "x", "--json"]).decode([String: CheckView].self)
        #expect(bothJSON["x"]?.valid == false && bothJSON["linkedin"]?.valid == true)
        _ = try await daemon.stop()
    }
}
