import Foundation
import SchedulerCore
import Testing

/// The web app's pages as the daemon serves them, driven in process (the end-to-end WebAppEndToEndTests keeps what
/// needs `schedctl web user`): signing in, the session cookie's flags, the security headers on every answer, CSRF on
/// every change, the login throttle, and a hostile post text shown as text.
@Suite struct WebAppTests {
    static let password = "long enough passphrase"
    static let web = "[web]\nlisten = \"127.0.0.1:0\"\n"

    /// A daemon with the web app and `ada`, an owner, as `schedctl web user add ada --role owner` adds her.
    static func withOwner<T: Sendable>(_ label: String, config: String = web, _ body: (InProcessDaemon, InProcessBrowser) async throws -> T) async throws -> T {
        try await InProcessDaemon.run(label, config: config) { daemon in
            let added = try await daemon.api("POST", "/v1/web/users", json: AddWebUserRequest(name: "ada", role: .owner, password: password))
            #expect(added.status == 200, "\(added.bodyText)")
            return try await body(daemon, try daemon.browser())
        }
    }

    @Test func anOwnerSignsIn_withAnHttpOnlyLaxCookie_andSeesAHostileTextAsText_withTheSecurityHeadersOnEveryAnswer() async throws {
        try await Self.withOwner("web-owner") { daemon, browser in
            let club = try await daemon.addSandboxAccount(username: "web_club")
            let hostile = #"<script>alert(1)</script> "><img src=x onerror=alert(2)> & 'quotes'"#
            let post = try await daemon.schedule(hostile, to: club.reference, at: "in 2h")

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
            try await Self.expectSecurityHeaders(browser)
            let huge = try await browser.post("/logout", [("csrf", String(repeating: "x", count: 100_000))])
            #expect(huge.status == 413 && huge.header("content-security-policy") != nil && huge.bodyText.contains("Nothing was changed"),
                    "\(huge.status) \(huge.headers) \(huge.bodyText.prefix(300))")
            try await Self.expectCancelAsksFirst(post, page: page, daemon, browser)

            // Log out everywhere ends this session too: the page sends the browser back to sign in.
            #expect(try await browser.post("/logout-everywhere", [("csrf", try #require(InProcessBrowser.hiddenCSRF(in: page)))]).status == 303)
            #expect(try await browser.get("/").status == 303)
            #expect(!daemon.log.text.contains(Self.password), "the password never reaches the log")
        }
    }

    /// The headers every answer carries, pages, files and errors alike; and an unknown page is a 404.
    static func expectSecurityHeaders(_ browser: InProcessBrowser) async throws {
        for path in ["/", "/login", "/static/app.css", "/nowhere"] {
            let answer = try await browser.get(path)
            let policy = answer.header("content-security-policy") ?? ""
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"), "\(path): \(policy)")
            #expect(answer.header("x-frame-options") == "DENY" && answer.header("x-content-type-options") == "nosniff", "\(path)")
            #expect(answer.header("referrer-policy") == "same-origin", "\(path)")
        }
        #expect(try await browser.get("/nowhere").status == 404)
    }

    /// The post's page: the text as text, and cancel (an owner may) done by the same service as `schedctl cancel`,
    /// asked first, naming what it stops; only the answer cancels, and its result is shown after a redirect.
    static func expectCancelAsksFirst(_ post: PostView, page: String, _ daemon: InProcessDaemon, _ browser: InProcessBrowser) async throws {
        let postPage = try await browser.get("/posts/\(post.id)")
        #expect(postPage.status == 200 && postPage.bodyText.contains("&lt;script&gt;alert(1)") && !postPage.bodyText.contains("<img src=x"))
        #expect(page.contains("href=\"/posts/\(post.id)\""), "Today links each post to its page")
        let csrf = try #require(InProcessBrowser.hiddenCSRF(in: page))
        let question = try await browser.post("/posts/\(post.id)/cancel", [("csrf", csrf)])
        #expect(question.status == 200 && question.bodyText.contains("It will not go to") && question.bodyText.contains("name=\"confirm\" value=\"yes\""),
                "\(question.bodyText.prefix(600))")
        #expect(try await daemon.post(post.id).deliveries.allSatisfy { $0.state == .scheduled }, "asking cancels nothing")
        let cancelled = try await browser.post("/posts/\(post.id)/cancel", [("csrf", csrf), ("confirm", "yes")])
        #expect(cancelled.status == 303 && cancelled.header("location") == "/posts/\(post.id)", "\(cancelled.status)")
        let shown = try await browser.get("/posts/\(post.id)")
        #expect(shown.status == 200 && shown.bodyText.contains("state-cancelled"), "\(shown.bodyText.prefix(600))")
        #expect(try await daemon.post(post.id).deliveries.allSatisfy { $0.state == .cancelled })
        let again = try await browser.post("/posts/\(post.id)/cancel", [("csrf", csrf), ("confirm", "yes")])
        #expect(again.status == 409 && again.bodyText.contains("Nothing was changed"), "a refusal in the service's words: \(again.bodyText.prefix(600))")
        let missing = try await browser.get("/posts/999999")
        let notAnID = try await browser.get("/posts/abc")
        #expect(missing.status == 404 && notAnID.status == 404)
    }

    @Test func aChangeWithoutItsCSRFToken_isRefused_wrongPasswordsSayNothingOfWhoExists_andFiveOfThemSlowTheLoginDown() async throws {
        try await Self.withOwner("web-guard") { daemon, browser in
            #expect(try await browser.signIn("ada", Self.password).status == 303)
            let refused = try await browser.post("/logout", [("csrf", "not-the-token")])
            #expect(refused.status == 403 && refused.bodyText.contains("Nothing was changed"), "\(refused.bodyText.prefix(400))")
            #expect(try await browser.get("/").status == 200, "still signed in: the forged logout did nothing")
            let noToken = try await browser.stranger().post("/login", [("name", "ada"), ("password", Self.password)])
            #expect(noToken.status == 403, "a sign-in form from another page (no token) is refused")

            try await Self.expectWebUserRefusals(daemon)
            // A viewer reads but cannot change a post: refused with a page, and the post stays as it was.
            let club = try await daemon.addSandboxAccount(username: "guard_club")
            let post = try await daemon.schedule("Tempo Tuesday", to: club.reference, at: "in 2h")
            let viewer = browser.stranger()
            #expect(try await viewer.signIn("bob", "another passphrase").status == 303)
            let viewerPage = try await viewer.get("/posts/\(post.id)")
            #expect(viewerPage.status == 200 && !viewerPage.bodyText.contains("/cancel"), "no change offered to a viewer")
            let viewerCSRF = try #require(InProcessBrowser.hiddenCSRF(in: viewerPage.bodyText))
            let forbidden = try await viewer.post("/posts/\(post.id)/cancel", [("csrf", viewerCSRF), ("confirm", "yes")])
            #expect(forbidden.status == 403 && forbidden.bodyText.contains("Not yours to change"), "\(forbidden.bodyText.prefix(400))")
            #expect(try await daemon.post(post.id).deliveries.allSatisfy { $0.state == .scheduled })

            try await Self.expectWrongPasswordsSlowTheLoginDown(browser.stranger())
            let listed = try daemon.decode([WebUserView].self, await daemon.api("GET", "/v1/web/users"), expecting: 200)
            #expect(listed.map(\.name) == ["ada", "bob"] && listed.map(\.role) == [.owner, .viewer])
            // A new password ends every session of the person.
            let passwd = try await daemon.api("PUT", "/v1/web/users/ada/password", json: WebPasswordRequest(password: "a brand new passphrase"))
            #expect(passwd.status == 200, "\(passwd.bodyText)")
            let ended = try await browser.get("/")
            #expect(ended.status == 303 && ended.header("location") == "/login?ended=1", "\(ended.status) \(ended.header("location") ?? "")")
            #expect(try await browser.get("/login?ended=1").bodyText.contains("Your session ended"), "the sign-in page says why")
        }
    }

    /// What the daemon refuses of `schedctl web user` (which words it in WebAppEndToEndTests): a short password, a
    /// taken name, removing the last owner of two; and `bob`, a viewer, is added.
    static func expectWebUserRefusals(_ daemon: InProcessDaemon) async throws {
        let short = try await daemon.api("POST", "/v1/web/users", json: AddWebUserRequest(name: "bob", role: .editor, password: "short"))
        #expect(short.status == 400 && short.bodyText.contains("shorter than 10"), "\(short.status) \(short.bodyText)")
        let taken = try await daemon.api("POST", "/v1/web/users", json: AddWebUserRequest(name: "ADA", role: .viewer, password: "another passphrase"))
        #expect((400..<500).contains(taken.status) && taken.bodyText.contains("exists"), "\(taken.status) \(taken.bodyText)")
        let bob = try await daemon.api("POST", "/v1/web/users", json: AddWebUserRequest(name: "bob", role: .viewer, password: "another passphrase"))
        #expect(bob.status == 200, "\(bob.bodyText)")
        let lastOwner = try await daemon.api("DELETE", "/v1/web/users/ada")
        #expect((400..<500).contains(lastOwner.status) && lastOwner.bodyText.contains("last owner"), "\(lastOwner.status) \(lastOwner.bodyText)")
    }

    /// Every browser here comes from the same address, so the address's throttle comes last: a name that exists and one
    /// that does not are refused alike, and the sixth try waits, even with the right password.
    static func expectWrongPasswordsSlowTheLoginDown(_ stranger: InProcessBrowser) async throws {
        let unknown = try await stranger.signIn("nobody", "whatever it is")
        let wrong = try await stranger.signIn("ada", "not the password")
        #expect(unknown.status == 401 && wrong.status == 401)
        #expect(unknown.bodyText.contains("Wrong name or password.") && wrong.bodyText.contains("Wrong name or password."))
        for _ in 0..<3 { _ = try await stranger.signIn("ada", "still not it") }
        let slowed = try await stranger.signIn("ada", Self.password)
        #expect(slowed.status == 429 && slowed.header("retry-after") != nil, "the sixth try waits, even with the right password")
        #expect(slowed.bodyText.contains("Too many failed sign-ins"))
    }

    /// Issue 47, item 13: HEAD as GET without the body, signed out and in; a deep link survives signing in; `next` leads
    /// only to a path of this site.
    @Test func headAnswersAsGetWithoutABody_andSigningInLandsWhereTheLinkPointed_butNeverOnAnotherSite() async throws {
        try await Self.withOwner("web-head-next") { daemon, browser in
            let club = try await daemon.addSandboxAccount(username: "deep_link_club")
            let post = try await daemon.schedule("Track night", to: club.reference, at: "in 3h")
            try await Self.expectHeadAsGet("/login", browser)

            let away = try await browser.get("/posts/\(post.id)")
            #expect(away.status == 303 && away.header("location") == "/login?next=/posts/\(post.id)", "\(away.header("location") ?? "")")
            let calendar = try await browser.get("/calendar?view=day&start=2027-01-02")
            #expect(calendar.header("location") == "/login?next=/calendar?view%3Dday%26start%3D2027-01-02", "\(calendar.header("location") ?? "")")
            let loginPage = try await browser.get("/login?next=/posts/\(post.id)")
            #expect(loginPage.bodyText.contains(#"name="next" value="/posts/\#(post.id)""#), "the form carries where to go")
            let csrf = InProcessBrowser.hiddenCSRF(in: loginPage.bodyText) ?? ""
            let wrong = try await browser.post("/login", [("csrf", csrf), ("next", "/posts/\(post.id)"), ("name", "ada"), ("password", "not it at all")])
            #expect(wrong.status == 401 && wrong.bodyText.contains(#"name="next" value="/posts/\#(post.id)""#), "kept through a wrong password")
            let landed = try await browser.post("/login", [("csrf", InProcessBrowser.hiddenCSRF(in: wrong.bodyText) ?? ""), ("next", "/posts/\(post.id)"),
                                                          ("name", "ada"), ("password", Self.password)])
            #expect(landed.status == 303 && landed.header("location") == "/posts/\(post.id)", "\(landed.header("location") ?? "")")
            try await Self.expectHeadAsGet("/posts/\(post.id)", browser)
            try await Self.expectHeadAsGet("/", browser)
            #expect(try await browser.get("/login?next=/calendar").header("location") == "/calendar", "signed in already: straight there")
            try await Self.expectNextNeverLeavesTheSite(browser)
        }
    }

    /// A `next` that points off this site (or nowhere) lands on Today, and the login form does not carry it.
    static func expectNextNeverLeavesTheSite(_ browser: InProcessBrowser) async throws {
        for elsewhere in ["//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "/\t/evil.example", "evil", ""] {
            let stranger = browser.stranger()
            let page = try await stranger.get("/login")
            let answer = try await stranger.post("/login", [("csrf", InProcessBrowser.hiddenCSRF(in: page.bodyText) ?? ""), ("next", elsewhere),
                                                           ("name", "ada"), ("password", Self.password)])
            #expect(answer.status == 303 && answer.header("location") == "/", "\(elsewhere.debugDescription) → \(answer.header("location") ?? "")")
            let shown = try await browser.stranger().get("/login?next=" + InProcessBrowser.encode(elsewhere))
            #expect(!shown.bodyText.contains(#"name="next""#), "\(elsewhere.debugDescription) is not carried by the form")
        }
    }

    /// A HEAD of `path` answers as its GET: the same status and headers (a fresh cookie's value aside), and no body.
    static func expectHeadAsGet(_ path: String, _ browser: InProcessBrowser, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let get = try await browser.get(path)
        let head = try await browser.head(path)
        func names(_ response: Answer) -> [String] {
            response.headers.map { $0.name.lowercased() }.filter { $0 != "date" }.sorted()
        }
        #expect(head.status == get.status && head.body.isEmpty, "HEAD \(path): \(head.status), \(head.body.count) bytes", sourceLocation: sourceLocation)
        #expect(names(head) == names(get), "HEAD \(path): \(names(head)) vs \(names(get))", sourceLocation: sourceLocation)
        for name in ["content-type", "content-length", "content-security-policy", "cache-control", "location"] {
            #expect(head.header(name) == get.header(name), "HEAD \(path): \(name)", sourceLocation: sourceLocation)
        }
    }
}
