import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// Accounts: each with its state, its token's forecast and its waiting posts; for an owner, linking in the browser
/// (the network sends the browser back to `base_url` + ``linkCallbackPath``, and the authorization is tied to this
/// browser by a cookie holding the link's id) and unlinking, which says first what it cancels.
extension WebPages {
    package static let linkCookie = "schedulerd_link"

    package func addAccountRoutes(to router: Router<WebContext>) {
        router.get("accounts") { request, _ in
            let session = try await requireSession(request)
            return try await accountsPage(request, session, linked: request.uri.queryParameters.get("linked").map { String($0) })
        }
        router.get("accounts/link/:network") { request, context in try await startLink(request, network: context.parameters.get("network")) }
        router.get("accounts/callback") { request, _ in try await finishLink(request) }
        router.post("accounts/unlink") { request, _ in try await unlink(request) }
    }

    /// `linked`: the account a link just made, said so on the page when it is among the accounts.
    package func accountsPage(_ request: Request, _ session: WebSessions.Session, notes: [String] = [], error: String? = nil, linked: String? = nil,
                      status: HTTPResponse.Status = .ok) async throws -> Response {
        var notes = notes
        var context = layout(session, title: "Accounts")
        let format = timeFormat(request)
        do {
            let accounts = try await services.accounts.list(includeRevoked: false)
            let slots = Dictionary((try await services.queue.allSlots()).map { ($0.account, $0) }, uniquingKeysWith: { first, _ in first })
            context["accounts"] = accounts.map { account -> [String: Any] in
                var entry: [String: Any] = ["reference": account.reference, "name": account.displayName, "network": account.network.displayName,
                                            "initial": String(account.displayName.prefix(1)).uppercased(), "status": account.status.rawValue,
                                            "pending": Self.count(account.pendingPosts, "post"), "ok": account.status == .active]
                if let reason = account.statusReason { entry["reason"] = reason }
                if let times = slots[account.reference]?.slots, !times.isEmpty {
                    entry["slots"] = times + (slots[account.reference]?.zone.map { " (\($0))" } ?? "")
                }
                if let expires = account.accessExpiresAt {
                    entry["expires"] = (account.refreshable ? "renews itself; the token runs to " : "must be linked again by ") + format.string(from: expires)
                }
                if let warning = Self.expiryWarning(account, now: Date()) { entry["afterExpiry"] = warning }
                return entry
            }
            context["noAccounts"] = accounts.isEmpty
            if let account = accounts.first(where: { $0.reference == linked }) {
                notes.insert("Linked \(account.network.displayName) \(account.reference) (\(account.displayName)).", at: 0)
            }
        } catch {
            context["storeDown"] = "The database does not answer just now, so the accounts cannot be shown; reload in a moment."
        }
        if session.user.role.may(.manageAccounts) {
            context["linkable"] = services.accounts.browserLinkableNetworks.map { ["id": $0.rawValue, "name": $0.displayName] }
            context["mayManage"] = true
        }
        if !notes.isEmpty { context["notes"] = notes }
        if let error { context["error"] = error }
        return Self.page("accounts", context, status: status)
    }

    package func startLink(_ request: Request, network raw: String?) async throws -> Response {
        let session = try await requireSession(request)
        guard session.user.role.may(.manageAccounts) else { return Self.notAllowed(session, .manageAccounts) }
        guard let network = raw.flatMap(Network.init(rawValue:)), services.accounts.browserLinkableNetworks.contains(network) else {
            return try await accountsPage(request, session, error: "'\(raw ?? "")' cannot be linked from the web app.", status: .notFound)
        }
        do {
            let started = try await services.accounts.startBrowserLink(network: network)
            var response = Self.redirect(started.authorizationURL)
            response.setCookie(Cookie(name: Self.linkCookie, value: started.linkId, maxAge: 900, path: "/accounts", secure: configuration.isHTTPS,
                                      httpOnly: true, sameSite: .lax))
            return response
        } catch {
            guard let refused = Self.requestError(error) else { return try Self.refusal(error, next: "/accounts") }
            return try await accountsPage(request, session, error: refused.pageMessage, status: refused.status)
        }
    }

    /// The network's redirect: the whole address is the authorization's answer (code and state, or the error), taken
    /// with the link this browser started; another browser's redirect finds no link and changes nothing.
    package func finishLink(_ request: Request) async throws -> Response {
        let session = try await requireSession(request)
        guard session.user.role.may(.manageAccounts) else { return Self.notAllowed(session, .manageAccounts) }
        guard let linkID = request.cookies[Self.linkCookie]?.value, !linkID.isEmpty else {
            return try await accountsPage(request, session, error: "This browser started no link, or it is older than 15 minutes; start again.", status: .badRequest)
        }
        var response: Response
        do {
            let account = try await services.accounts.completeLink(id: linkID, CompleteLinkRequest(response: configuration.baseURL + "\(request.uri)"))
            logger.info("web account linked", metadata: ["web.user": "\(session.user.name)", "account": "\(account.reference)"])
            // Away from the callback's address: reloading it would send a spent code.
            response = Self.redirect("/accounts?linked=" + (account.reference.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        } catch {
            guard let refused = Self.requestError(error) else { return try Self.refusal(error, next: "/accounts") }
            response = try await accountsPage(request, session, error: refused.pageMessage, status: refused.status)
        }
        response.setCookie(Cookie(name: Self.linkCookie, value: "", maxAge: 0, path: "/accounts", secure: configuration.isHTTPS, httpOnly: true, sameSite: .lax))
        return response
    }

    package func unlink(_ request: Request) async throws -> Response {
        let (form, session) = try await admit(request, may: .manageAccounts)
        let reference = form["account"] ?? ""
        // First the question, with what unlinking cancels; only the answer's form (confirm=yes) unlinks.
        guard form["confirm"] == "yes" else {
            do {
                let account = try await services.accounts.account(reference: reference)
                return Self.page("unlink", layout(session, title: "Unlink \(account.reference)")
                    .merging(["reference": account.reference, "name": account.displayName,
                              "cancels": account.pendingPosts == 0 ? "No waiting post is cancelled."
                                  : "Its \(Self.count(account.pendingPosts, "waiting post")) will be cancelled and not go out."]) { $1 })
            } catch {
                return try Self.refusal(error, next: "/accounts")
            }
        }
        do {
            let done = try await services.accounts.unlink(reference: reference, cancelPending: true)
            let cancelled = done.cancelledPosts == 0 ? "no waiting post was cancelled" : "\(Self.count(done.cancelledPosts, "waiting post")) cancelled"
            return try await accountsPage(request, session, notes: ["Unlinked \(done.account.reference); \(cancelled)."] + (done.note.map { [$0] } ?? []))
        } catch {
            guard let refused = Self.requestError(error) else { return try Self.refusal(error, next: "/accounts") }
            return try await accountsPage(request, session, error: refused.pageMessage, status: refused.status)
        }
    }

    /// The warning of a token that runs out before posts that wait for it, in the words of the forecast `schedctl accounts`
    /// gives (``AccountView/expiryForecast(now:)``): none for a token the daemon renews itself (issue 47: the page warned
    /// of those too), and the noun agrees with the count ("before 1 scheduled post").
    package static func expiryWarning(_ account: AccountView, now: Date) -> String? {
        guard account.postsAfterExpiry > 0, let forecast = account.expiryForecast(now: now) else { return nil }
        return "The token \(forecast): link it again before then, or they fail."
    }

    /// "1 post", "3 posts".
    package static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
