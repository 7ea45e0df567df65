#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

extension LinkedInSandboxNetwork {
    /// `GET /oauth/v2/authorization`: approves at once and redirects with `code` and `state`.
    ///
    /// `sandbox_user=NAME` chooses who signs in; `sandbox_decision=deny` answers as "Cancel" does.
    func authorize(_ request: Request) async -> Response {
        let now = environment.now()
        switch LinkedInOAuth.policy(environment.configuration).evaluate(OAuth2Parameters(request.queryPairs ?? [])) {
        case .errorPage(let message):
            return await authorizationErrorPage(request, message: message, now: now)
        case .redirectError(let redirectURI, let state, let refusal):
            await environment.recordRejection(network: name, request: request, status: 302, reasonCode: refusal.code.description, reason: refusal.message, at: now)
            let error = refusal.code == .invalidScope ? "unauthorized_scope_error" : refusal.code.rfcError
            return Response.redirect(to: LoopbackRedirectURI.appending(
                [("error", error), ("error_description", refusal.message)] + (state.map { [("state", $0)] } ?? []),
                to: redirectURI
            ))
        case .valid(let authorization):
            let username = authorization.sandboxUser ?? "sandbox_user"
            guard LinkedInDirectory.isValidUsername(username) else {
                return await authorizationErrorPage(request, message: "sandbox_user must be 1 to 30 letters, digits, - or _.", now: now)
            }
            let state = authorization.state.map { [("state", $0)] } ?? []
            if authorization.denied {
                return Response.redirect(to: LoopbackRedirectURI.appending(
                    [("error", "user_cancelled_authorize"), ("error_description", "The user cancelled the authorization")] + state,
                    to: authorization.redirectURI
                ))
            }
            let member = await directory.member(named: username)
            let code = await oauth.issueCode(for: authorization, subject: member.id, now: now)
            return Response.redirect(to: LoopbackRedirectURI.appending([("code", code)] + state, to: authorization.redirectURI))
        }
    }

    /// `POST /oauth/v2/accessToken`: form body with `client_id` and `client_secret` (not Basic);
    /// a 60-day access token and no refresh token.
    func accessToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await withAuthenticatedClient(request, context: context) { request, client, parameters, now in
            await grant(request, client: client, parameters: parameters, now: now)
        }
    }

    /// What the token endpoint answers an authenticated client.
    private func grant(_ request: Request, client: RegisteredClient, parameters: OAuth2Parameters, now: Date) async -> Response {
        switch parameters["grant_type"] {
        case "authorization_code":
            switch parameters.require(["code", "redirect_uri"]) {
            case .failure(let refusal):
                return await refuse(request, refusal, now: now)
            case .success(let values):
                switch await oauth.exchange(code: values[0], client: client, redirectURI: values[1], verifier: nil, now: now) {
                case .failure(let refusal):
                    return await refuse(request, Self.linkedInCodeRefusal(refusal), now: now)
                case .success(let grant):
                    return Response.json(OAuth2TokenDocument(
                        tokenType: "Bearer",
                        expiresIn: grant.expiresIn,
                        accessToken: grant.accessToken,
                        scope: grant.scopes.joined(separator: " ")
                    ), status: .ok, headers: [.cacheControl: "no-store"])
                }
            }
        case "refresh_token":
            return await refuse(request, OAuth2Refusal(.unauthorizedClient, "This application is not allowed to use refresh tokens; LinkedIn grants them to approved partners only. Send the member through authorization again."), now: now)
        case nil:
            return await refuse(request, OAuth2Refusal(.invalidRequest, "A required parameter \"grant_type\" is missing"), now: now)
        case let other?:
            return await refuse(request, OAuth2Refusal(.unsupportedGrantType, "grant_type \"\(other)\" is not supported"), now: now)
        }
    }

    /// `POST /oauth/v2/revoke`: form `token`, `client_id`, `client_secret`; 200 with an empty body.
    func revoke(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await withAuthenticatedClient(request, context: context) { request, client, parameters, now in
            guard let token = parameters["token"] else {
                return await refuse(request, OAuth2Refusal(.invalidRequest, "A required parameter \"token\" is missing"), now: now)
            }
            await oauth.revoke(token, hint: parameters["token_type_hint"], client: client, now: now)
            return Response(status: .ok)
        }
    }

    /// Authenticates the client of a form request (`client_id` and `client_secret`) and answers with `body`, or with the refusal.
    func withAuthenticatedClient(
        _ request: Request,
        context: BasicRequestContext,
        _ body: (Request, RegisteredClient, OAuth2Parameters, Date) async throws -> Response
    ) async throws -> Response {
        var request = request
        let now = environment.now()
        switch try await authenticatedForm(&request, context: context) {
        case .failure(let refusal): return await refuse(request, refusal, now: now)
        case .success(let (client, parameters)): return try await body(request, client, parameters, now)
        }
    }

    /// Reads the form body and authenticates the client from its `client_id` and `client_secret`.
    private func authenticatedForm(_ request: inout Request, context: BasicRequestContext) async throws -> Result<(RegisteredClient, OAuth2Parameters), OAuth2Refusal> {
        guard request.isFormURLEncoded, let pairs = try await request.queryAndFormParameters(context: context) else {
            return .failure(OAuth2Refusal(.invalidRequest, "The body must be application/x-www-form-urlencoded."))
        }
        let parameters = OAuth2Parameters(pairs)
        if let repeated = parameters.repeated {
            return .failure(OAuth2Refusal(.invalidRequest, "The parameter \"\(repeated)\" was sent more than once."))
        }
        return oauth.clientAuthenticator.authenticate(authorization: request.headers[.authorization], parameters: parameters)
            .map { ($0, parameters) }
    }

    /// LinkedIn answers every bad code with one `invalid_request` sentence; the sandbox appends the exact reason.
    private static func linkedInCodeRefusal(_ refusal: OAuth2Refusal) -> OAuth2Refusal {
        var answer = refusal
        answer.message = "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists (sandbox: \(refusal.message))"
        return answer
    }

    /// Records and answers an RFC 6749 error: 401 for `invalid_client`, else 400. Code refusals answer `invalid_request`, as LinkedIn does.
    func refuse(_ request: Request, _ refusal: OAuth2Refusal, now: Date) async -> Response {
        let status: HTTPResponse.Status = refusal.code == .invalidClient ? .unauthorized : .badRequest
        await environment.recordRejection(network: name, request: request, status: status.code, reasonCode: refusal.code.description, reason: refusal.message, at: now)
        let error = refusal.code.rfcError == "invalid_grant" ? "invalid_request" : refusal.code.rfcError
        return Response.json(OAuth2ErrorDocument(error: error, description: refusal.message), status: status, headers: [.cacheControl: "no-store"])
    }

    private func authorizationErrorPage(_ request: Request, message: String, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 400, reasonCode: "invalid_authorization_request", reason: message, at: now)
        return Response.page(
            title: "Bummer, something went wrong.",
            body: "<p>The redirect_uri does not match the registered value, or the application is unknown.</p>\n<p id=\"sandbox_reason\">\(Response.escapeHTML(message))</p>",
            status: .badRequest
        )
    }
}
