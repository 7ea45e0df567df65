import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// The web app served by a real `schedulerd` on `[web] listen`, visited over HTTP as a browser would: people added with
/// `schedctl web user`, signing in, the session cookie's flags, the security headers on every answer, CSRF on every
/// change, the login throttle, and a hostile post text shown as text.
@Suite(.serialized) struct WebAppEndToEndTests {
    static let password = "long enough passphrase"

    func startDaemon(_ label: String) async throws -> (DaemonUnderTest, WebVisitor) {
        let daemon = try DaemonUnderTest(label, config: "[web]\nlisten = \"127.0.0.1:0\"\n")
        try await daemon.start()
        var address: String?
        try await eventually(timeout: .seconds(20), "the web app listens") {
            address = Self.webAddress(in: daemon.logs)
            return address != nil
        }
        let added = try daemon.schedctl(["web", "user", "add", "ada", "--role", "owner"], stdin: Self.password + "\n")
        #expect(added.status == 0 && added.stdout.contains("ada may sign in to the web app as owner"), "\(added.stderr)")
        return (daemon, WebVisitor(base: "http://" + address!))
    }

    static func webAddress(in logs: String) -> String? {
        guard let line = logs.split(separator: "\n").first(where: { $0.contains("web app ready") }),
              let range = line.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
        return String(line[range])
    }

    @Test(.timeLimit(.minutes(2)))
    func anOwnerSignsIn_withAnHttpOnlyLaxCookie_andSeesAHostileTextAsText_withTheSecurityHeadersOnEveryAnswer() async throws {
        let (daemon, browser) = try await startDaemon("web-owner")
        let club = try daemon.addSandboxAccount(username: "web_club")
        let hostile = #"<script>alert(1)</script> "><img src=x onerror=alert(2)> & 'quotes'"#
        let post = try daemon.schedule(hostile, to: club.reference, at: "in 2h")

        let loginPage = try await browser.get("/login")
        #expect(loginPage.status == 200 && !loginPage.bodyText.contains("role=\"alert\""), "no error shown before a try: \(loginPage.bodyText)")
        #expect(loginPage.bodyText.contains("<label for=\"password\">") && loginPage.bodyText.contains("autocomplete=\"current-password\""))
        let signedOut = try await browser.get("/")
        #expect(signedOut.status == 303 && signedOut.header("location") == "/login", "a stranger is sent to sign in")
        let signIn = try await browser.signIn("ada", Self.password)
        #expect(signIn.status == 303 && signIn.header("location") == "/", "\(signIn.status) \(signIn.bodyText.prefix(300))")
        let session = try #require(browser.lastSetCookies.first { $0.hasPrefix("schedulerd_session=") })
        #expect(session.contains("HttpOnly") && session.contains("SameSite=Lax") && session.contains("Path=/"), "\(session)")
        #expect(!session.contains("Secure"), "plain http on loopback: a Secure cookie would never come back")

        let today = try await browser.get("/")
        #expect(today.status == 200)
        let page = today.bodyText
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &#39;quotes&#39;"), "\(page)")
        #expect(!page.contains("<script>alert") && !page.contains("<img src=x"), "the text is never markup")
        #expect(!page.contains("<script>") && page.contains(#"<script src="/static/app.js" defer></script>"#), "no inline script")
        #expect(page.contains(club.reference))

        for path in ["/", "/login", "/static/app.css", "/nowhere"] {
            let answer = try await browser.get(path)
            let policy = answer.header("content-security-policy") ?? ""
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"), "\(path): \(policy)")
            #expect(answer.header("x-frame-options") == "DENY" && answer.header("x-content-type-options") == "nosniff", "\(path)")
            #expect(answer.header("referrer-policy") == "same-origin", "\(path)")
        }
        #expect(try await browser.get("/nowhere").status == 404)
        let huge = try await browser.post("/logout", [("csrf", String(repeating: "x", count: 100_000))])
        #expect(huge.status == 413 && huge.header("content-security-policy") != nil && huge.bodyText.contains("Nothing was changed"), "\(huge.status) \(huge.headers) \(huge.bodyText.prefix(300))")

        // The post's page: the text as text, and cancel (an owner may) done by the same service as `schedctl cancel`.
        let postPage = try await browser.get("/posts/\(post.id)")
        #expect(postPage.status == 200 && postPage.bodyText.contains("&lt;script&gt;alert(1)") && !postPage.bodyText.contains("<img src=x"))
        #expect(page.contains("href=\"/posts/\(post.id)\""), "Today links each post to its page")
        let csrf = try #require(WebVisitor.hiddenCSRF(in: page))
        // Cancelling asks first, naming what it stops; only the answer cancels, and its result is shown after a redirect.
        let question = try await browser.post("/posts/\(post.id)/cancel", [("csrf", csrf)])
        #expect(question.status == 200 && question.bodyText.contains("It will not go to") && question.bodyText.contains("name=\"confirm\" value=\"yes\""),
                "\(question.bodyText.prefix(600))")
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .scheduled },
                "asking cancels nothing")
        let cancelled = try await browser.post("/posts/\(post.id)/cancel", [("csrf", csrf), ("confirm", "yes")])
        #expect(cancelled.status == 303 && cancelled.header("location") == "/posts/\(post.id)", "\(cancelled.status)")
        let shown = try await browser.get("/posts/\(post.id)")
        #expect(shown.status == 200 && shown.bodyText.contains("state-cancelled"), "\(shown.bodyText.prefix(600))")
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .cancelled })
        let again = try await browser.post("/posts/\(post.id)/cancel", [("csrf", csrf), ("confirm", "yes")])
        #expect(again.status == 409 && again.bodyText.contains("Nothing was changed"), "a refusal in the service's words: \(again.bodyText.prefix(600))")
        let missing = try await browser.get("/posts/999999")
        let notAnID = try await browser.get("/posts/abc")
        #expect(missing.status == 404 && notAnID.status == 404)

        // Log out everywhere ends this session too: the page sends the browser back to sign in.
        #expect(try await browser.post("/logout-everywhere", [("csrf", csrf)]).status == 303)
        #expect(try await browser.get("/").status == 303)
        #expect(!daemon.logs.contains(Self.password), "the password never reaches the log")
        _ = try await daemon.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aChangeWithoutItsCSRFToken_isRefused_wrongPasswordsSayNothingOfWhoExists_andFiveOfThemSlowTheLoginDown() async throws {
        let (daemon, browser) = try await startDaemon("web-guard")
        #expect(try await browser.signIn("ada", Self.password).status == 303)
        let refused = try await browser.post("/logout", [("csrf", "not-the-token")])
        #expect(refused.status == 403 && refused.bodyText.contains("Nothing was changed"), "\(refused.bodyText.prefix(400))")
        #expect(try await browser.get("/").status == 200, "still signed in: the forged logout did nothing")
        let noToken = try await WebVisitor(base: browser.base).post("/login", [("name", "ada"), ("password", Self.password)])
        #expect(noToken.status == 403, "a sign-in form from another page (no token) is refused")

        // Bad input at the command line: a short password, an unknown role, a taken name, removing the last owner of two.
        #expect(try daemon.schedctl(["web", "user", "add", "bob", "--role", "editor"], stdin: "short\n").stderr.contains("shorter than 10"))
        #expect(try daemon.schedctl(["web", "user", "add", "bob", "--role", "boss"], stdin: Self.password + "\n").status == 2)
        #expect(try daemon.schedctl(["web", "user", "add", "ADA", "--role", "viewer"], stdin: "another passphrase\n").stderr.contains("exists"))
        #expect(try daemon.schedctl(["web", "user", "add", "bob", "--role", "viewer"], stdin: "another passphrase\n").status == 0)
        let lastOwner = try daemon.schedctl(["web", "user", "remove", "ada"])
        #expect(lastOwner.status != 0 && lastOwner.stderr.contains("last owner"), "\(lastOwner.stderr)")
        // A viewer reads but cannot change a post: refused with a page, and the post stays as it was.
        let club = try daemon.addSandboxAccount(username: "guard_club")
        let post = try daemon.schedule("Tempo Tuesday", to: club.reference, at: "in 2h")
        let viewer = WebVisitor(base: browser.base)
        #expect(try await viewer.signIn("bob", "another passphrase").status == 303)
        let viewerPage = try await viewer.get("/posts/\(post.id)")
        #expect(viewerPage.status == 200 && !viewerPage.bodyText.contains("/cancel"), "no change offered to a viewer")
        let viewerCSRF = try #require(WebVisitor.hiddenCSRF(in: viewerPage.bodyText))
        let forbidden = try await viewer.post("/posts/\(post.id)/cancel", [("csrf", viewerCSRF), ("confirm", "yes")])
        #expect(forbidden.status == 403 && forbidden.bodyText.contains("Not yours to change"), "\(forbidden.bodyText.prefix(400))")
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .scheduled })

        // Every browser here comes from 127.0.0.1, so the address's throttle comes last.
        let stranger = WebVisitor(base: browser.base)
        let unknown = try await stranger.signIn("nobody", "whatever it is")
        let wrong = try await stranger.signIn("ada", "not the password")
        #expect(unknown.status == 401 && wrong.status == 401)
        #expect(unknown.bodyText.contains("Wrong name or password.") && wrong.bodyText.contains("Wrong name or password."))
        for _ in 0..<3 { _ = try await stranger.signIn("ada", "still not it") }
        let slowed = try await stranger.signIn("ada", Self.password)
        #expect(slowed.status == 429 && slowed.header("retry-after") != nil, "the sixth try waits, even with the right password")
        #expect(slowed.bodyText.contains("Too many failed sign-ins"))

        let listed = try daemon.schedctl(["web", "user", "list", "--json"]).decode([WebUserView].self)
        #expect(listed.map(\.name) == ["ada", "bob"] && listed.map(\.role) == [.owner, .viewer])
        // A new password ends every session of the person.
        #expect(try daemon.schedctl(["web", "user", "passwd", "ada"], stdin: "a brand new passphrase\n").status == 0)
        let ended = try await browser.get("/")
        #expect(ended.status == 303 && ended.header("location") == "/login?ended=1", "\(ended.status) \(ended.header("location") ?? "")")
        #expect(try await browser.get("/login?ended=1").bodyText.contains("Your session ended"), "the sign-in page says why")
        _ = try await daemon.stop()
    }
}
