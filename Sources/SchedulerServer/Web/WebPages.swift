import CryptoPrimitives
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import SchedulerCore
import SchedulerServices

/// The web app's routes: each reads the request, asks a service, and renders what it answered. Signing in, sessions
/// and the throttle are ``WebSessions``'; posts and status are the control API's own services.
package struct WebPages: Sendable {
    package let sessions: WebSessions
    package let services: DaemonServices
    package let configuration: WebConfiguration
    package let zone: TimeZone
    package let logger: Logger
    /// `schedulerd_web_signins_total{outcome}`.
    package var signIns = WebSignInCounters()

    package static let sessionCookie = "schedulerd_session"
    /// Where a network sends the browser back after an authorization the web app started.
    package static let linkCallbackPath = "/accounts/callback"
    package static let loginCookie = "schedulerd_login"

    package func add(to router: Router<WebContext>) {
        router.get("static/app.css") { _, _ in Self.asset(WebAssets.css, type: "text/css; charset=utf-8") }
        router.get("static/app.js") { _, _ in Self.asset(WebAssets.js, type: "text/javascript; charset=utf-8") }
        router.get("login") { request, _ in try await loginPage(request) }
        router.post("login") { request, context in try await login(request, context: context) }
        router.get("/") { request, _ in try await today(request) }
        router.post("logout") { request, _ in try await logout(request, everywhere: false) }
        router.post("logout-everywhere") { request, _ in try await logout(request, everywhere: true) }
        addPostRoutes(to: router)
        addComposeRoutes(to: router)
        addCalendarRoutes(to: router)
        addRunRoutes(to: router)
        addAccountRoutes(to: router)
        addFactRoutes(to: router)
        addCheckRoute(to: router)
        addHandoffRoutes(to: router)
        addPauseRoutes(to: router)
    }

    // MARK: Signing in and out

    package func loginPage(_ request: Request, error: String? = nil, typedName: String = "", next: String? = nil, status: HTTPResponse.Status = .ok,
                   headers: HTTPFields = [:]) async throws -> Response {
        let next = WebNext.safe(next ?? request.uri.queryParameters.get("next").map { String($0) })
        if error == nil, try await signedIn(request) != nil { return Self.redirect(next) }
        let token = Base64.encodeURL(SecureRandom.bytes(32))
        var context: [String: Any] = ["title": "Sign in", "typedName": typedName, "loginCSRF": token]
        if let error { context["error"] = error }
        if next != WebNext.home { context["next"] = next }
        if error == nil, request.uri.queryParameters.get("ended") != nil {
            context["ended"] = "Your session ended (a session lasts 12 hours from its last use, 7 days at most). Sign in again; nothing you had saved is lost."
        }
        var response = Self.page("login", context, status: status)
        for field in headers { response.headers.append(field) }
        response.setCookie(cookie(Self.loginCookie, token, maxAge: 3_600, path: "/login", sameSite: .strict))
        return response
    }

    package func login(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await WebForm.read(request)
        let next = WebNext.safe(form["next"])
        // The sign-in form carries the token its page set in a cookie: a form posted from another site cannot sign the
        // browser in as someone else (login CSRF).
        guard let expected = request.cookies[Self.loginCookie]?.value, form.carries(csrf: expected) else {
            return try await loginPage(request, error: "The sign-in form was too old or came from another page; sign in again.", next: next,
                                       status: .forbidden)
        }
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let address = clientAddress(request, context: context)
        // Who tried and from where, never the password; the name cut short, since a stranger chooses it.
        let who: Logger.Metadata = ["web.user": "\(name.prefix(64))", "client.address": "\(address)"]
        switch try await sessions.login(name: name, password: form["password"] ?? "", address: address) {
        case .signedIn(let session):
            signIns.count(.ok)
            var response = Self.redirect(next)
            response.setCookie(cookie(Self.sessionCookie, session.token ?? "", maxAge: Int(WebSessions.absoluteLifetime), path: "/", sameSite: .lax))
            response.setCookie(cookie(Self.loginCookie, "", maxAge: 0, path: "/login", sameSite: .strict))
            logger.info("web sign-in", metadata: ["web.user": "\(session.user.name)", "client.address": "\(address)"])
            return response
        case .refused:
            signIns.count(.failed)
            logger.notice("web sign-in failed: wrong name or password", metadata: who)
            return try await loginPage(request, error: "Wrong name or password.", typedName: name, next: next, status: .unauthorized)
        case .throttled(let seconds):
            signIns.count(.throttled)
            logger.warning("web sign-in throttled: too many failures, or a check for the name or address already under way",
                           metadata: who.merging(["retry_after_s": "\(seconds)"]) { $1 })
            return try await loginPage(request, error: "Too many failed sign-ins. Try again in \(seconds) seconds.", typedName: name, next: next,
                                       status: .tooManyRequests, headers: [.retryAfter: "\(seconds)"])
        }
    }

    package func logout(_ request: Request, everywhere: Bool) async throws -> Response {
        guard let token = request.cookies[Self.sessionCookie]?.value, let session = try await sessions.session(token: token) else {
            return Self.redirect("/login")
        }
        let form = try await WebForm.read(request)
        guard form.carries(csrf: session.csrf) else { return Self.csrfRefusal() }
        if everywhere { try await sessions.logoutEverywhere(userID: session.user.id) } else { try await sessions.logout(token: token) }
        var response = Self.redirect("/login")
        response.setCookie(cookie(Self.sessionCookie, "", maxAge: 0, path: "/", sameSite: .lax))
        return response
    }

    /// The person signed in, or a refusal that sends the browser to sign in: saying the session ended when the request
    /// carried one (expired, or ended by "log out everywhere" or a new password).
    package func requireSession(_ request: Request) async throws -> WebSessions.Session {
        if let session = try await signedIn(request) { return session }
        let carried = request.cookies[Self.sessionCookie].map { !$0.value.isEmpty } ?? false
        throw WebRefusal(response: Self.redirect(WebNext.login(from: request, ended: carried)))
    }

    /// The session the request's cookie names, if it is still good.
    package func signedIn(_ request: Request) async throws -> WebSessions.Session? {
        guard let token = request.cookies[Self.sessionCookie]?.value, !token.isEmpty else { return nil }
        return try await sessions.session(token: token)
    }

    // MARK: Pages

    package func today(_ request: Request) async throws -> Response {
        let session = try await requireSession(request)
        var context = layout(session, title: "Today")
        do {
            let facts = try await services.status()
            let upcoming = try await services.posts.list(filter: .pending, account: nil, after: nil, offset: 0, limit: 20).posts
            let failed = try await services.posts.list(filter: .states([.failed, .missed, .unknown]), account: nil, after: nil, offset: 0, limit: 20).posts
            let awaiting = try await services.posts.list(filter: .states([.awaitingApproval]), account: nil, after: nil, offset: 0, limit: 20).posts
            let handedOff = try await services.posts.list(filter: .states([.handedOff]), account: nil, after: nil, offset: 0, limit: 20).posts
            let rejected = try await services.posts.openRejections(for: PostAuthor(name: session.user.name, role: session.user.role))
            let attention = facts.accountsNeedingAttention.map { Self.attentionLine($0, now: facts.now) }
            context["attention"] = attention
            context["hasAttention"] = !attention.isEmpty
            // One formatter for the page's forty lines: making one costs more than using it.
            let format = timeFormat(request)
            context["upcoming"] = upcoming.map { postEntry($0, due: format) }
            context["failed"] = failed.map { postEntry($0, due: format) }
            context["awaiting"] = awaiting.map { postEntry($0, due: format) }
            context["handedOff"] = handedOff.map { postEntry($0, due: format) }
            context["hasAwaiting"] = !awaiting.isEmpty
            context["hasHandedOff"] = !handedOff.isEmpty
            context["rejected"] = rejected.map { postEntry($0, due: format) }
            context["hasRejected"] = !rejected.isEmpty
            context.merge(holdsContext(facts, format: format, session: session, back: "/")) { $1 }
        } catch {
            logger.error("the web app could not read the store", metadata: ["error": "\(error)"])
            context["storeDown"] = "The database does not answer just now, so nothing can be shown. Publishing goes on once it is back; reload in a moment."
        }
        return Self.page("today", context)
    }

    /// A post as a line of a list: its time in the daemon's zone, its state in words, its accounts and its text.
    package func postEntry(_ post: PostView, due format: DateFormatter) -> [String: Any] {
        let state = Self.headlineState(post)
        let due = post.dueAt.map { format.string(from: $0) } ?? "draft"
        var entry: [String: Any] = ["id": post.id, "due": due, "state": state.rawValue, "stateWords": Self.words(state),
                                    "accounts": post.deliveries.map(\.account).joined(separator: ", "), "text": post.text]
        // A key is left out rather than set to nil: a template's section would take an Optional for a value.
        if let error = post.deliveries.compactMap(\.error).first { entry["error"] = error }
        if let author = post.writtenBy { entry["writtenBy"] = author }
        return entry
    }

    package func layout(_ session: WebSessions.Session, title: String) -> [String: Any] {
        ["title": title, "csrf": session.csrf,
         "user": ["name": session.user.name, "role": session.user.role.rawValue, "isOwner": session.user.role.may(.manageAccounts)] as [String: Any]]
    }

    // MARK: Answers

    package static func page(_ name: String, _ context: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: WebTemplates.render(name, context))))
    }

    package static func problemPage(status: HTTPResponse.Status, heading: String, message: String, next: String, nextWords: String) -> Response {
        page("problem", ["title": heading, "heading": heading, "message": message, "next": next, "nextWords": nextWords], status: status)
    }

    /// A change posted without this session's token: refused, nothing changed.
    package static func csrfRefusal() -> Response {
        problemPage(status: .forbidden, heading: "Not sent from this app",
                    message: "This form did not come from a page of this app, or the page is older than your sign-in. Nothing was changed.",
                    next: "/", nextWords: "Reload and try again")
    }

    /// A form whose body ended before it did: 400, nothing changed. The composer and the runs page show themselves again
    /// with what was typed instead (``WebFormError/cutShort(_:)``).
    package static func cutShortPage() -> Response {
        problemPage(status: .badRequest, heading: "The form arrived cut short",
                    message: "What was sent ended before the form did (the connection may have dropped). Nothing was changed; go back and send it again.",
                    next: "/", nextWords: "Back to Today")
    }

    package static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    package static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "max-age=3600"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    package func cookie(_ name: String, _ value: String, maxAge: Int, path: String, sameSite: Cookie.SameSite) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: path, secure: configuration.isHTTPS, httpOnly: true, sameSite: sameSite)
    }

    /// The peer, or behind a trusted proxy the last address its `X-Forwarded-For` names.
    package func clientAddress(_ request: Request, context: WebContext) -> String {
        let peer = context.remoteAddress?.ipAddress ?? "unknown"
        guard configuration.trustedProxies.contains(peer), let forwarded = request.headers[HTTPField.Name("X-Forwarded-For")!] else { return peer }
        return forwarded.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? peer
    }

    /// `Tue 8 Dec 06:30 +01:00`: a time always with its zone's offset at that instant, as `schedctl` prints it, so a reader
    /// in another zone (or one day in the hour the clocks repeat) never has to guess which 06:30 is meant.
    package static func dueFormat(_ zone: TimeZone) -> DateFormatter { formatter("EEE d MMM HH:mm xxx", zone) }

    /// `06:30 +01:00`, for a line whose day is said around it (the calendar's cells).
    package static func clockFormat(_ zone: TimeZone) -> DateFormatter { formatter("HH:mm xxx", zone) }

    /// A formatter for the pages' English dates in `zone`; made once per page and used for all its lines, since making
    /// one costs more than using it.
    package static func formatter(_ format: String, _ zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter
    }
    package init(sessions: WebSessions, services: DaemonServices, configuration: WebConfiguration, zone: TimeZone, logger: Logger, signIns: WebSignInCounters = WebSignInCounters()) {
        self.sessions = sessions
        self.services = services
        self.configuration = configuration
        self.zone = zone
        self.logger = logger
        self.signIns = signIns
    }
}
