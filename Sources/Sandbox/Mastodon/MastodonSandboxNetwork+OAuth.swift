#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    func addOAuthRoutes(to router: Router<BasicRequestContext>) {
        router.get("/oauth/authorize") { request, _ in
            await authorize(request)
        }
        router.get("/oauth/authorize/native") { request, _ in
            let code = Self.query(request)["code"] ?? ""
            return Response.page(title: "Authorization code", body: "<p>Copy this authorization code and paste it to the application.</p>\n"
                + "<p><code id=\"sandbox_code\">\(Response.escapeHTML(code))</code></p>")
        }
        router.post("/oauth/token") { request, _ in
            await token(request)
        }
        router.post("/oauth/revoke") { request, _ in
            await revoke(request)
        }
    }

    /// `GET /oauth/authorize`: the sandbox's consent approves at once, as the X and LinkedIn sandboxes' do, and
    /// redirects to the redirect URI with `code` and `state` (or, for the out-of-band URN, to a page showing the code).
    ///
    /// An unknown client or an unregistered redirect URI gets a 400 page, never a redirect. The rest is sent back to
    /// the redirect URI as an error: `response_type` other than `code`, a scope the app did not register (literally,
    /// as Doorkeeper compares), and no S256 `code_challenge` (the sandbox requires PKCE). Sandbox extensions:
    /// `sandbox_user=NAME` signs in as that account (made if new; `sandbox_user` by default), `sandbox_decision=deny`
    /// plays a person who refuses.
    func authorize(_ request: Request) async -> Response {
        let now = environment.now()
        let query = Self.query(request)
        guard let clientID = query["client_id"], let app = await authority.app(clientID: clientID) else {
            return await authorizationPage(request, "Client authentication failed due to unknown client.", reason: "invalid_client", now: now)
        }
        guard let redirectURI = query["redirect_uri"], app.registeredRedirect(for: redirectURI) != nil else {
            return await authorizationPage(request, "The redirect uri included is not valid.", reason: "invalid_redirect_uri", now: now)
        }
        let state = query["state"].map { [("state", $0)] } ?? []
        let scopes = MastodonScopes.parse(query["scope"])
        if let (error, description) = Self.authorizationProblem(query, scopes: scopes, app: app) {
            if redirectURI == MastodonAppRegistration.outOfBand {
                return await authorizationPage(request, description, reason: error, now: now)
            }
            await record(MastodonError(status: 302, error: error, reasonCode: error, detail: description), request: request, at: now)
            return Response.redirect(to: LoopbackRedirectURI.appending([("error", error), ("error_description", description)] + state, to: redirectURI))
        }
        let account: MastodonAccount
        do throws(MastodonError) {
            account = try await accounts.account(named: query["sandbox_user"] ?? MastodonAccountDirectory.defaultUsername, now: now)
        } catch {
            return await authorizationPage(request, error.error, reason: error.reasonCode, now: now)
        }
        let code = await authority.issueCode(app: app, redirectURI: redirectURI, scopes: scopes, subject: account.id, challenge: query["code_challenge"] ?? "", now: now)
        if redirectURI == MastodonAppRegistration.outOfBand {
            return Response.redirect(to: LoopbackRedirectURI.appending([("code", code)], to: "/oauth/authorize/native"))
        }
        return Response.redirect(to: LoopbackRedirectURI.appending([("code", code)] + state, to: redirectURI))
    }

    /// What is wrong with an authorization request whose client and redirect URI are good, as an RFC 6749 error and
    /// its description; nil when nothing is.
    static func authorizationProblem(_ query: [String: String], scopes: [String], app: MastodonApp) -> (String, String)? {
        if query["response_type"] != "code" {
            return ("unsupported_response_type", "The authorization server does not support this response type.")
        }
        if let extra = scopes.first(where: { !app.scopes.contains($0) }) {
            return ("invalid_scope", "The requested scope is invalid, unknown, or malformed: \(extra) is not registered for the app.")
        }
        if !isS256Challenge(query) {
            return ("invalid_request", "code_challenge (S256, the base64url SHA-256 of the verifier) is required by this sandbox.")
        }
        if query["sandbox_decision"] == "deny" {
            return ("access_denied", "The resource owner or authorization server denied the request.")
        }
        return nil
    }

    /// A `code_challenge` of 43 base64url characters with `code_challenge_method=S256`.
    static func isS256Challenge(_ query: [String: String]) -> Bool {
        guard query["code_challenge_method"] == "S256", let challenge = query["code_challenge"] else { return false }
        return challenge.utf8.count == 43 && challenge.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    private func authorizationPage(_ request: Request, _ message: String, reason: String, now: Date) async -> Response {
        await record(MastodonError(status: 400, error: reason, reasonCode: reason, detail: message), request: request, at: now)
        return Response.page(title: "An error has occurred", body: "<p id=\"sandbox_reason\">\(Response.escapeHTML(message))</p>", status: .badRequest)
    }
}
