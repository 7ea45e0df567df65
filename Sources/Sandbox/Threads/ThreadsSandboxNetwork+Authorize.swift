#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

extension ThreadsSandboxNetwork {
    /// `GET /oauth/authorize?client_id&redirect_uri&scope&response_type=code[&state]`: the authorization window, approved
    /// at once as the Facebook sandbox's Login dialog is, redirecting to `redirect_uri?code=…&state=…#_`
    /// (docs/research/threads.md §1: "`#_` will be appended … strip it out").
    ///
    /// Sandbox extensions, as on Facebook: `sandbox_user=NAME` chooses who signs in (made on first use);
    /// `sandbox_decision=deny` plays a person who cancels (`error=access_denied&error_reason=user_denied`);
    /// `sandbox_declined=a,b` plays one who unticks those permissions. A client or redirect URI that cannot be trusted
    /// (unknown app, the Meta app id instead of the Threads one, a redirect that is not loopback) gets an error page,
    /// never a redirect; a request without `threads_basic` is sent back with `invalid_scope`.
    func authorize(_ request: Request) async -> Response {
        let now = environment.now()
        let parameters = OAuth2Parameters(request.queryPairs ?? [])
        if parameters["client_id"] == ThreadsOAuth.metaAppID {
            return await errorPage(request, message: "Invalid platform app: client_id must be the Threads app ID, not the Meta app ID.", now: now)
        }
        switch ThreadsOAuth.policy.evaluate(parameters) {
        case .errorPage(let message):
            return await errorPage(request, message: message, now: now)
        case .redirectError(let redirectURI, let state, let refusal):
            return await redirectError(request, to: redirectURI, state: state, refusal: refusal, now: now)
        case .valid(let authorization):
            return await approve(authorization, request: request, now: now)
        }
    }

    /// Issues the code for a valid request (or plays the person's refusal), after the `threads_basic` and username checks.
    private func approve(_ authorization: AuthorizationRequest, request: Request, now: Date) async -> Response {
        let state = authorization.state.map { [("state", $0)] } ?? []
        guard authorization.scopes.contains(ThreadsOAuth.baseScope) else {
            let refusal = OAuth2Refusal(.invalidScope, "threads_basic is required for every Threads authorization.")
            return await redirectError(request, to: authorization.redirectURI, state: authorization.state, refusal: refusal, now: now)
        }
        let username = authorization.sandboxUser ?? "sandbox_user"
        guard ThreadsDirectory.isValidUsername(username) else {
            return await errorPage(request, message: "sandbox_user must be 1 to 30 letters, digits, dots or underscores.", now: now)
        }
        if authorization.denied {
            await environment.recordRejection(network: name, request: request, status: 302, reasonCode: "access_denied",
                                              reason: "The person denied the request (sandbox_decision=deny).", at: now)
            let denied = [("error", "access_denied"), ("error_reason", "user_denied"), ("error_description", "The user denied your request")]
            return Response.redirect(to: LoopbackRedirectURI.appending(denied + state, to: authorization.redirectURI, fragment: "_"))
        }
        let user = await directory.user(named: username).user
        let code = await oauth.issueCode(for: authorization, subject: user.id, now: now)
        return Response.redirect(to: LoopbackRedirectURI.appending([("code", code)] + state, to: authorization.redirectURI, fragment: "_"))
    }

    private func redirectError(_ request: Request, to redirectURI: String, state: String?, refusal: OAuth2Refusal, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 302, reasonCode: refusal.code.description, reason: refusal.message, at: now)
        let pairs = [("error", refusal.code.rfcError), ("error_description", refusal.message)] + (state.map { [("state", $0)] } ?? [])
        return Response.redirect(to: LoopbackRedirectURI.appending(pairs, to: redirectURI, fragment: "_"))
    }

    private func errorPage(_ request: Request, message: String, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 400, reasonCode: "invalid_authorization_request", reason: message, at: now)
        return Response.page(
            title: "Threads",
            body: "<p>Sorry, something went wrong: the app's request could not be completed.</p>\n<p id=\"sandbox_reason\">\(Response.escapeHTML(message))</p>",
            status: .badRequest
        )
    }
}
