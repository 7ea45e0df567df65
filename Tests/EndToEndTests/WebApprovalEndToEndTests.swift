import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// `[web] require_approval`: an editor composes in the web app (an image with its alt text, a multipart form), the post
/// waits in `awaiting_approval`, an editor cannot approve it, a viewer cannot compose at all, `schedctl approve` lets it
/// go out (the sandbox receives it once, with the alt text) and `schedctl reject --reason` cancels another with the
/// reason as its error and an event. A refused form keeps what was typed; a file that is not an image is refused whole;
/// a save over an edit made in another tab is refused with the person's text kept; unlinking asks first, saying what it
/// cancels.
@Suite(.serialized) struct WebApprovalEndToEndTests {
    static let password = "long enough passphrase"

    func start() async throws -> (DaemonUnderTest, WebVisitor, AccountView) {
        let daemon = try DaemonUnderTest("web-approval", config: "[web]\nlisten = \"127.0.0.1:0\"\nrequire_approval = true\n")
        try await daemon.start()
        var address: String?
        try await eventually(timeout: .seconds(20), "the web app listens") {
            address = WebAppEndToEndTests.webAddress(in: daemon.logs)
            return address != nil
        }
        for (name, role) in [("ada", "owner"), ("ben", "editor"), ("cleo", "viewer")] {
            let added = try daemon.schedctl(["web", "user", "add", name, "--role", role], stdin: Self.password + "\n")
            #expect(added.status == 0, "\(added.stderr)")
        }
        let account = try daemon.addSandboxAccount(username: "approval_club")
        return (daemon, WebVisitor(base: "http://" + address!), account)
    }

    func compose(_ browser: WebVisitor, _ fields: [(String, String)], image: [UInt8]? = nil, imageName: String = "run.jpg") async throws -> HTTPResponse {
        let page = try await browser.get("/compose")
        let csrf = try #require(WebVisitor.hiddenCSRF(in: page.bodyText), "the composer carries the session's token: \(page.status)")
        let files = image.map { [(field: "media", name: imageName, type: "image/jpeg", bytes: $0)] } ?? []
        return try await browser.postMultipart("/compose", [("csrf", csrf)] + fields, files: files)
    }

    @Test(.timeLimit(.minutes(3)))
    func anEditorsPost_waitsForAnOwner_thenPublishesOnce_andARejectionCancelsWithItsReason() async throws {
        let (daemon, editor, account) = try await start()
        #expect(try await editor.signIn("ben", Self.password).status == 303)
        let image = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("run-4x5.jpg"))))

        // Refused (no account ticked): the page comes back with what was typed, and nothing is stored.
        let refused = try await compose(editor, [("text", "Sunday <long> run"), ("alt", "Route along the river"), ("at", "in 2h")])
        #expect(refused.status == 400 && refused.bodyText.contains("Sunday &lt;long&gt; run") && refused.bodyText.contains("value=\"Route along the river\""),
                "\(refused.status) \(refused.bodyText.prefix(800))")
        let notAnImage = try await compose(editor, [("text", "Sunday run"), ("account", account.reference), ("at", "in 2h")],
                                           image: Array("not a picture at all".utf8), imageName: "route.png")
        #expect(notAnImage.status == 400 && notAnImage.bodyText.contains("role=\"alert\"") && notAnImage.bodyText.contains("Sunday run"),
                "\(notAnImage.status) \(notAnImage.bodyText.prefix(800))")
        let huge = try await compose(editor, [("text", "Sunday run"), ("account", account.reference), ("at", "in 2h")],
                                     image: [UInt8](repeating: 0xFF, count: 41 * 1_024 * 1_024), imageName: "huge.jpg")
        #expect(huge.status == 413 && huge.bodyText.contains("Nothing was changed"), "an upload over 40 MB: \(huge.status)")
        #expect(try daemon.posts(state: "all").isEmpty, "a refused form stores nothing")

        let made = try await compose(editor, [("text", "Sunday long run by the river"), ("account", account.reference), ("alt", "Route along the river"),
                                              ("at", "in 3s"), ("zone", "Europe/Paris"), ("action", "schedule")], image: image)
        #expect(made.status == 303, "\(made.status) \(made.bodyText.prefix(800))")
        let id = try #require(made.header("location")?.split(separator: "/").last.flatMap { Int64($0) })
        let waiting = try daemon.schedctl(["show", "\(id)", "--json"]).decode(PostView.self)
        #expect(waiting.deliveries.map(\.state) == [.awaitingApproval] && waiting.media.first?.alt == "Route along the river")
        #expect(try daemon.posts(state: "awaiting_approval").map(\.id) == [id])
        #expect(waiting.writtenBy == "ben", "the post keeps who wrote it")
        let owner = WebVisitor(base: editor.base)
        #expect(try await owner.signIn("ada", Self.password).status == 303)
        let ownersToday = try await owner.get("/").bodyText
        #expect(ownersToday.contains("Awaiting approval") && ownersToday.contains("written by ben"), "the owner sees who wrote what waits: \(ownersToday.prefix(2000))")
        #expect(try await owner.get("/posts/\(id)").bodyText.contains("Written by ben"))

        // The editor cannot approve it; a viewer cannot compose.
        let page = try await editor.get("/posts/\(id)")
        #expect(page.bodyText.contains("awaiting approval") && !page.bodyText.contains("id=\"approve\""))
        let selfApproval = try await editor.post("/posts/\(id)/approve", [("csrf", WebVisitor.hiddenCSRF(in: page.bodyText) ?? "")])
        #expect(selfApproval.status == 403, "\(selfApproval.status) \(selfApproval.bodyText.prefix(400))")
        let viewer = WebVisitor(base: editor.base)
        #expect(try await viewer.signIn("cleo", Self.password).status == 303)
        #expect(try await viewer.get("/compose").status == 403)
        let viewerToday = try await viewer.get("/")
        let viewerCompose = try await viewer.postMultipart("/compose", [("csrf", WebVisitor.hiddenCSRF(in: viewerToday.bodyText) ?? ""), ("text", "x"),
                                                                         ("account", account.reference), ("at", "in 1h")])
        let postsAfterViewer = try daemon.posts(state: "all").count
        #expect(viewerCompose.status == 403 && postsAfterViewer == 1)

        // What scheduling says reaches the post's page over the redirect: a PNG converted to JPEG for Instagram.
        let instagram = try daemon.addSandboxAccount(username: "approval_gram", network: "instagram")
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("square-ish.png"))))
        let converted = try await compose(owner, [("text", "Track night"), ("account", instagram.reference), ("alt", "Six laps"), ("at", "in 2h")],
                                          image: png, imageName: "laps.png")
        let convertedPage = try await owner.get(try #require(converted.header("location")))
        #expect(convertedPage.bodyText.contains("was converted to JPEG, because Instagram takes only JPEG"), "\(convertedPage.bodyText.prefix(900))")
        #expect(!(try await owner.get(try #require(converted.header("location")))).bodyText.contains("converted to JPEG"), "said once")
        _ = try daemon.schedctl(["cancel", String(converted.header("location")?.split(separator: "/").last ?? "")])
        let approved = try daemon.schedctl(["approve", "\(id)"])
        #expect(approved.status == 0 && approved.stdout.contains("post \(id) approved"), "\(approved.stdout) \(approved.stderr)")
        try await eventually(timeout: .seconds(30), "the approved post published") {
            try daemon.schedctl(["show", "\(id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        let tweets = received.filter { $0["path"]?.stringValue == "/2/tweets" }
        #expect(tweets.count == 1, "published once: \(received)")

        // Approved, a post is no longer the editor's to change.
        let tempo = try await compose(editor, [("text", "Tempo Tuesday"), ("account", account.reference), ("at", "in 3h")])
        let tempoID = try #require(tempo.header("location")?.split(separator: "/").last.flatMap { Int64($0) })
        let waitingPage = try await editor.get("/posts/\(tempoID)")
        let stamp = try #require(waitingPage.bodyText.firstMatch(of: /name="version" value="([^"]*)"/).map { String($0.1) }, "editable while it waits")
        #expect(try daemon.schedctl(["approve", "\(tempoID)"]).status == 0)
        let tempoPage = try await editor.get("/posts/\(tempoID)")
        #expect(tempoPage.status == 200 && !tempoPage.bodyText.contains("action=\"/posts/\(tempoID)/edit\""), "no edit form offered once approved")
        let dueLocal = try daemon.schedctl(["show", "\(tempoID)", "--json"]).decode(PostView.self).dueLocal
        let refusedEdit = try await editor.post("/posts/\(tempoID)/edit", [("csrf", WebVisitor.hiddenCSRF(in: tempoPage.bodyText) ?? ""),
                                                                           ("version", stamp), ("text", "Tempo Tuesday, free beer"), ("at", dueLocal)])
        #expect(refusedEdit.status == 403 && refusedEdit.bodyText.contains("only an owner changes it now"), "\(refusedEdit.status) \(refusedEdit.bodyText.prefix(600))")
        let stillApproved = try daemon.schedctl(["show", "\(tempoID)", "--json"]).decode(PostView.self)
        #expect(stillApproved.text == "Tempo Tuesday" && stillApproved.deliveries.first?.state == .scheduled)

        // A second post rejected from the command line: cancelled, with the reason as its error and an event.
        let second = try await compose(editor, [("text", "Track session moved?"), ("account", account.reference), ("at", "in 2h")])
        let secondID = try #require(second.header("location")?.split(separator: "/").last.flatMap { Int64($0) })
        #expect(try daemon.schedctl(["reject", "\(secondID)", "--reason", " "]).status == 2, "an empty reason is refused")
        let rejected = try daemon.schedctl(["reject", "\(secondID)", "--reason", "Say which Tuesday"])
        #expect(rejected.status == 0, "\(rejected.stderr)")
        let cancelled = try daemon.schedctl(["show", "\(secondID)", "--json"]).decode(PostView.self)
        #expect(cancelled.deliveries.first?.state == .cancelled && cancelled.deliveries.first?.error == "rejected by schedctl: Say which Tuesday")
        #expect(try daemon.schedctl(["approve", "\(secondID)"]).status != 0, "a rejected post cannot be approved")
        #expect(try daemon.schedctl(["events"]).stdout.contains("rejected: Post \(secondID) was rejected by schedctl: Say which Tuesday"))

        // The editor sees it on Today with the reason until they act on it; the post says who wrote it.
        let today = try await editor.get("/")
        #expect(today.bodyText.contains("Rejected: yours to change") && today.bodyText.contains("rejected by schedctl: Say which Tuesday")
                && today.bodyText.contains("action=\"/posts/\(secondID)/dismiss\""), "\(today.bodyText.prefix(3000))")
        #expect(try await editor.get("/posts/\(secondID)").bodyText.contains("Written by ben"))
        let dismissed = try await editor.post("/posts/\(secondID)/dismiss", [("csrf", WebVisitor.hiddenCSRF(in: today.bodyText) ?? "")])
        #expect(dismissed.status == 303, "\(dismissed.status) \(dismissed.bodyText.prefix(400))")
        #expect(try await !editor.get("/").bodyText.contains("Rejected: yours to change"), "acted on, it leaves Today")
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aSaveOverAnEditFromAnotherTab_isRefused_keepingTheTextTyped_andUnlinkingAsksFirst() async throws {
        let (daemon, owner, account) = try await start()
        #expect(try await owner.signIn("ada", Self.password).status == 303)
        let post = try daemon.schedule("Hill repeats at six", to: account.reference, at: "in 2h")
        let firstTab = try await owner.get("/posts/\(post.id)")
        let secondTab = try await owner.get("/posts/\(post.id)")
        func fields(_ page: HTTPResponse, text: String) throws -> [(String, String)] {
            let version = try #require(page.bodyText.firstMatch(of: /name="version" value="([^"]*)"/).map { String($0.1) })
            let at = try #require(page.bodyText.firstMatch(of: /name="at" value="([^"]*)"/).map { String($0.1) })
            return [("csrf", WebVisitor.hiddenCSRF(in: page.bodyText) ?? ""), ("version", version), ("text", text), ("at", at)]
        }
        let saving = try await owner.post("/posts/\(post.id)/edit", try fields(firstTab, text: "Hill repeats at half past six"))
        #expect(saving.status == 303 && saving.header("location") == "/posts/\(post.id)", "the result is shown after a redirect: \(saving.status)")
        let saved = try await owner.get("/posts/\(post.id)")
        #expect(saved.status == 200 && saved.bodyText.contains("Saved."), "\(saved.status) \(saved.bodyText.prefix(600))")
        let reloaded = try await owner.get("/posts/\(post.id)")
        #expect(!reloaded.bodyText.contains("Saved."), "reloading shows the post and submits nothing")
        let stale = try await owner.post("/posts/\(post.id)/edit", try fields(secondTab, text: "Hill repeats at seven, bring lights"))
        #expect(stale.status == 409 && stale.bodyText.contains("was changed since version"), "\(stale.status) \(stale.bodyText.prefix(800))")
        #expect(stale.bodyText.contains(">Hill repeats at seven, bring lights</textarea>"), "the person's text is kept")
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).text == "Hill repeats at half past six")

        // The queue's free slots in the calendar, each opening the composer at its time for its account.
        #expect(try daemon.schedctl(["slots", "set", account.reference, "daily", "23:30", "--tz", "UTC"]).status == 0)
        let tomorrow = String(RFC3339.format(Date().addingTimeInterval(86_400)).prefix(10))
        let week = try await owner.get("/calendar?view=week&start=\(tomorrow)&zone=UTC")
        #expect(week.status == 200 && week.bodyText.contains("<span class=\"time\">23:30 +00:00</span> free slot · \(account.reference)"), "\(week.bodyText.prefix(1500))")
        let composeAt = try await owner.get("/compose?at=\(tomorrow)%2023%3A30&account=\(WebVisitor.encode(account.reference))&zone=UTC")
        #expect(composeAt.bodyText.contains("value=\"\(tomorrow) 23:30\"") && composeAt.bodyText.contains("value=\"\(account.reference)\" checked"),
                "the composer opens at the slot with its account ticked")

        // Unlinking asks first, saying what it cancels; only the answer unlinks.
        let csrf = WebVisitor.hiddenCSRF(in: saved.bodyText) ?? ""
        let question = try await owner.post("/accounts/unlink", [("csrf", csrf), ("account", account.reference)])
        #expect(question.status == 200 && question.bodyText.contains("Its 1 waiting post will be cancelled"), "\(question.bodyText.prefix(800))")
        #expect(try daemon.schedctl(["accounts", "list", "--json"]).decode([AccountView].self).count == 1, "asking unlinks nothing")
        let unlinked = try await owner.post("/accounts/unlink", [("csrf", csrf), ("account", account.reference), ("confirm", "yes")])
        #expect(unlinked.status == 200 && unlinked.bodyText.contains("1 waiting post cancelled"), "\(unlinked.bodyText.prefix(800))")
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .cancelled)
        _ = try await daemon.stop()
    }
}

/// The Instagram handoff on the phone: the caption to copy (escaped), the picture to save, and "I posted it" with the
/// permalink, which publishes the delivery as `schedctl handoff done` does; a permalink that is no web address is refused.
@Suite(.serialized) struct WebHandoffEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func aHandoffShowsItsCaptionAndPicture_andIPostedItPublishesIt() async throws {
        let (daemon, owner, _) = try await WebApprovalEndToEndTests().start()
        #expect(try await owner.signIn("ada", WebApprovalEndToEndTests.password).status == 303)
        let added = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "club.runs", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let scheduled = try daemon.schedctl(["schedule", "Track night <6x800> & cake", "--to", "instagram:@club.runs", "--at", "in 1s",
                                             "--media", Fixtures.path("run-4x5.jpg"), "--alt", "Six laps", "--json"])
        let post = try scheduled.decode(PostView.self)
        try await eventually(timeout: .seconds(30), "the post handed off") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .handedOff
        }
        let page = try await owner.get("/handoffs")
        #expect(page.status == 200 && page.bodyText.contains(">Track night &lt;6x800&gt; &amp; cake</textarea>"), "\(page.bodyText.prefix(1200))")
        let picture = try #require(page.bodyText.firstMatch(of: /href="\/media\/([0-9a-f]{64})" download/).map { String($0.1) })
        let image = try await owner.get("/media/\(picture)")
        #expect(image.status == 200 && image.header("content-type") == "image/jpeg" && image.body.starts(with: [0xFF, 0xD8]))
        #expect(try await WebVisitor(base: owner.base).get("/media/\(picture)").status == 303, "pictures only for people signed in")

        let delivery = try #require(post.deliveries.first?.id)
        let csrf = WebVisitor.hiddenCSRF(in: page.bodyText) ?? ""
        let bad = try await owner.post("/handoffs/\(delivery)/done", [("csrf", csrf), ("url", "javascript:alert(1)")])
        #expect(bad.status == 400 && bad.bodyText.contains("Nothing was changed"), "\(bad.status)")
        let done = try await owner.post("/handoffs/\(delivery)/done", [("csrf", csrf), ("url", "https://www.instagram.com/p/Cafe123/")])
        #expect(done.status == 200 && done.bodyText.contains("is marked as published"), "\(done.bodyText.prefix(600))")
        let published = try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first
        #expect(published?.state == .published && published?.remoteUrl == "https://www.instagram.com/p/Cafe123/")
        _ = try await daemon.stop()
    }
}
