#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

extension XSandboxNetwork {
    /// X's OAuth 2.0 endpoints: authorize (x.com), token and revoke (api.x.com), all on X's listener.
    func addOAuth2Routes(to router: Router<BasicRequestContext>) {
        router.get("/i/oauth2/authorize") { request, _ in
            await authorize(request)
        }
        router.post("/2/oauth2/token") { request, context in
            try await token(request, context: context)
        }
        router.post("/2/oauth2/revoke") { request, context in
            try await revoke(request, context: context)
        }
    }

    /// `GET /i/oauth2/authorize`: approves at once and redirects with `state` and `code`.
    ///
    /// An unknown client or a redirect URI that is not loopback gets a 400 page, never a redirect.
    /// `sandbox_user=NAME` chooses who approves; `sandbox_decision=deny` simulates a refusal.
    private func authorize(_ request: Request) async -> Response {
        let now = environment.now()
        switch XOAuth2.policy.evaluate(OAuth2Parameters(request.queryPairs ?? [])) {
        case .errorPage(let message):
            return await authorizationErrorPage(request, message: message, now: now)
        case .redirectError(let redirectURI, let state, let refusal):
            await environment.recordRejection(network: name, request: request, status: 302, reasonCode: refusal.code.description, reason: refusal.message, at: now)
            return Response.redirect(to: LoopbackRedirectURI.appending(
                [("error", refusal.code.rfcError), ("error_description", refusal.message)] + (state.map { [("state", $0)] } ?? []),
                to: redirectURI
            ))
        case .valid(let authorization):
            let username = authorization.sandboxUser ?? "sandbox_user"
            guard XMintTokenRequest.isValidUsername(username) else {
                return await authorizationErrorPage(request, message: "sandbox_user must be 1 to 15 letters, digits or underscores.", now: now)
            }
            let state = authorization.state.map { [("state", $0)] } ?? []
            if authorization.denied {
                return Response.redirect(to: LoopbackRedirectURI.appending(
                    [("error", "access_denied"), ("error_description", "The user denied the authorization request.")] + state,
                    to: authorization.redirectURI
                ))
            }
            let user = await accounts.user(named: username)
            let code = await oauth2.issueCode(for: authorization, subject: user.id, now: now)
            return Response.redirect(to: LoopbackRedirectURI.appending(state + [("code", code)], to: authorization.redirectURI))
        }
    }

    /// `POST /2/oauth2/token`: `authorization_code` (with PKCE) or `refresh_token` (rotating).
    private func token(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let now = environment.now()
        let parameters: OAuth2Parameters
        let client: RegisteredClient
        switch try await authenticatedForm(request, context: context, now: now) {
        case .failure(let refusal): return refusal.response
        case .success(let form): (parameters, client) = form
        }
        let outcome: Result<TokenGrant, OAuth2Refusal>
        switch parameters["grant_type"] {
        case "authorization_code":
            switch parameters.require(["code"]) {
            case .failure(let refusal): outcome = .failure(refusal)
            case .success(let values):
                outcome = await oauth2.exchange(code: values[0], client: client, redirectURI: parameters["redirect_uri"], verifier: parameters["code_verifier"], now: now)
            }
        case "refresh_token":
            switch parameters.require(["refresh_token"]) {
            case .failure(let refusal): outcome = .failure(refusal)
            case .success(let values): outcome = await oauth2.refresh(values[0], client: client, now: now)
            }
        case nil:
            outcome = .failure(OAuth2Refusal(.invalidRequest, "A required parameter \"grant_type\" is missing."))
        case let other?:
            outcome = .failure(OAuth2Refusal(.unsupportedGrantType, "grant_type \"\(other)\" is not supported; use authorization_code or refresh_token."))
        }
        switch outcome {
        case .failure(let refusal):
            return await refuseToken(request, refusal, now: now)
        case .success(let grant):
            return Response.json(OAuth2TokenDocument(
                tokenType: "bearer",
                expiresIn: grant.expiresIn,
                accessToken: grant.accessToken,
                scope: grant.scopes.joined(separator: " "),
                refreshToken: grant.refreshToken
            ), status: .ok, headers: [.cacheControl: "no-store"])
        }
    }

    /// `POST /2/oauth2/revoke` (RFC 7009): revoking a refresh token revokes its whole family; always 200 for a known client.
    private func revoke(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let now = environment.now()
        let parameters: OAuth2Parameters
        let client: RegisteredClient
        switch try await authenticatedForm(request, context: context, now: now) {
        case .failure(let refusal): return refusal.response
        case .success(let form): (parameters, client) = form
        }
        guard let token = parameters["token"] else {
            return await refuseToken(request, OAuth2Refusal(.invalidRequest, "A required parameter \"token\" is missing."), now: now)
        }
        await oauth2.revoke(token, hint: parameters["token_type_hint"], client: client, now: now)
        return Response.json(["revoked": true], status: .ok)
    }

    /// Records and answers an RFC 6749 error: 401 with a Basic challenge for `invalid_client`, else 400.
    private func refuseToken(_ request: Request, _ refusal: OAuth2Refusal, now: Date) async -> Response {
        let status: HTTPResponse.Status = refusal.code == .invalidClient ? .unauthorized : .badRequest
        await environment.recordRejection(network: name, request: request, status: status.code, reasonCode: refusal.code.description, reason: refusal.message, at: now)
        var headers: HTTPFields = [.cacheControl: "no-store"]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Basic realm=\"api.x.com\"" }
        return Response.json(OAuth2ErrorDocument(refusal), status: status, headers: headers)
    }

    private func authorizationErrorPage(_ request: Request, message: String, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 400, reasonCode: "invalid_authorization_request", reason: message, at: now)
        return Response.page(
            title: "Something went wrong",
            body: "<p>You weren't able to give access to the App. Go back and try logging in again.</p>\n<p id=\"sandbox_reason\">\(Response.escapeHTML(message))</p>",
            status: .badRequest
        )
    }

    /// The form parameters of a token or revocation request from an authenticated client, or the refusal to send.
    private func authenticatedForm(_ request: Request, context: BasicRequestContext, now: Date) async throws
        -> Result<(OAuth2Parameters, RegisteredClient), RefusalResponse> {
        var request = request
        guard request.isFormURLEncoded, let pairs = try await request.queryAndFormParameters(context: context) else {
            return .failure(RefusalResponse(await refuseToken(request, OAuth2Refusal(.invalidRequest, "The body must be application/x-www-form-urlencoded."), now: now)))
        }
        let parameters = OAuth2Parameters(pairs)
        switch oauth2.clientAuthenticator.authenticate(authorization: request.headers[.authorization], parameters: parameters) {
        case .failure(let refusal): return .failure(RefusalResponse(await refuseToken(request, refusal, now: now)))
        case .success(let client): return .success((parameters, client))
        }
    }
}

/// A ready refusal, carried through a `Result` as its failure.
struct RefusalResponse: Error {
    let response: Response
    init(_ response: Response) { self.response = response }
}
