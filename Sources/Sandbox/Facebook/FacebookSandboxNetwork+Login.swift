#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// `GET /v19.0/dialog/oauth`: the Login dialog, approved at once; redirects with `code` and `state` (and Facebook's `#_=_`).
    ///
    /// `sandbox_user=NAME` chooses who logs in; `sandbox_decision=deny` simulates "Not now".
    func dialog(_ request: Request) async -> Response {
        let now = environment.now()
        var pairs = request.queryPairs ?? []
        if !pairs.contains(where: { $0.0 == "response_type" }) { pairs.append(("response_type", "code")) }
        switch FacebookOAuth.policy.evaluate(OAuth2Parameters(pairs)) {
        case .errorPage(let message):
            return await dialogErrorPage(request, message: message, now: now)
        case .redirectError(let redirectURI, let state, let refusal):
            await environment.recordRejection(network: name, request: request, status: 302, reasonCode: refusal.code.description, reason: refusal.message, at: now)
            return Response.redirect(to: LoopbackRedirectURI.appending(
                [("error", refusal.code.rfcError), ("error_description", refusal.message)] + (state.map { [("state", $0)] } ?? []),
                to: redirectURI, fragment: "_=_"
            ))
        case .valid(var authorization):
            let username = authorization.sandboxUser ?? "sandbox_user"
            guard FacebookDirectory.isValidUsername(username) else {
                return await dialogErrorPage(request, message: "sandbox_user must be 1 to 30 letters, digits, dots or underscores.", now: now)
            }
            let state = authorization.state.map { [("state", $0)] } ?? []
            if authorization.denied {
                return Response.redirect(to: LoopbackRedirectURI.appending(
                    [("error", "access_denied"), ("error_code", "200"), ("error_description", "Permissions error"), ("error_reason", "user_denied")] + state,
                    to: authorization.redirectURI, fragment: "_=_"
                ))
            }
            if !authorization.scopes.contains(FacebookOAuth.baseScope) { authorization.scopes.insert(FacebookOAuth.baseScope, at: 0) }
            let user = await directory.user(named: username)
            let code = await oauth.issueCode(for: authorization, subject: user.id, now: now)
            return Response.redirect(to: LoopbackRedirectURI.appending([("code", code)] + state, to: authorization.redirectURI, fragment: "_=_"))
        }
    }

    /// `GET|POST /v19.0/oauth/access_token`: a code for a short-lived user token, or
    /// `grant_type=fb_exchange_token` for a long-lived one. The app secret comes as `client_secret`.
    func accessToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await withParameters(request, context: context) { request, parameters, now in
            await accessToken(request, parameters: parameters, now: now)
        }
    }

    private func accessToken(_ request: Request, parameters: OAuth2Parameters, now: Date) async -> Response {
        if let repeated = parameters.repeated {
            return await refuse(.invalidParameter("The parameter \(repeated) was sent more than once."), request: request, now: now)
        }
        guard let clientID = parameters["client_id"] else {
            return await refuse(GraphError("Missing client_id parameter.", code: 101, reasonCode: "invalid_client"), request: request, now: now)
        }
        guard oauth.clientAuthenticator.clients[clientID] != nil else {
            return await refuse(.unknownApplication, request: request, now: now)
        }
        guard case .success(let client) = oauth.clientAuthenticator.authenticate(authorization: nil, parameters: parameters) else {
            return await refuse(.wrongClientSecret, request: request, now: now)
        }
        switch parameters["grant_type"] {
        case "fb_exchange_token":
            return await exchangeForLongLived(parameters["fb_exchange_token"], client: client, request: request, now: now)
        case nil, "authorization_code":
            guard let code = parameters["code"] else {
                return await refuse(.invalidParameter("Missing authorization code"), request: request, now: now)
            }
            guard let redirectURI = parameters["redirect_uri"] else {
                return await refuse(.invalidParameter("Missing redirect_uri parameter."), request: request, now: now)
            }
            switch await oauth.exchange(code: code, client: client, redirectURI: redirectURI, verifier: parameters["code_verifier"], now: now) {
            case .failure(let refusal):
                return await refuse(.from(refusal, appID: client.id, now: now), request: request, now: now)
            case .success(let grant):
                return tokenResponse(grant.accessToken, expiresIn: grant.expiresIn)
            }
        case let other?:
            return await refuse(.invalidParameter("Unsupported grant_type: \(other)."), request: request, now: now)
        }
    }

    /// Trades a working short-lived user token for a long-lived one in the same authorization.
    private func exchangeForLongLived(_ token: String?, client: RegisteredClient, request: Request, now: Date) async -> Response {
        guard let token else {
            return await refuse(.invalidParameter("Missing fb_exchange_token parameter."), request: request, now: now)
        }
        let info: TokenInfo
        switch await oauth.validate(token, now: now) {
        case .failure(let refusal): return await refuse(.from(refusal, appID: client.id, now: now), request: request, now: now)
        case .success(let valid): info = valid
        }
        guard info.clientID == client.id, info.principal == info.subject else {
            return await refuse(.malformedToken, request: request, now: now)
        }
        let lifetime = FacebookOAuth.longLived(environment.configuration)
        let issued = await oauth.issueAccessToken(in: info.family, lifetime: lifetime, grant: "fb_exchange_token", now: now)
        return tokenResponse(issued.token, expiresIn: lifetime.wholeSeconds)
    }

    /// `{"access_token", "token_type": "bearer", "expires_in"}` as Graph answers.
    private func tokenResponse(_ token: String, expiresIn: Int?) -> Response {
        var body: [String: JSONValue] = ["access_token": .string(token), "token_type": .string("bearer")]
        if let expiresIn { body["expires_in"] = .integer(Int64(expiresIn)) }
        return Response.json(JSONValue.object(body), status: .ok, headers: [.cacheControl: "no-store"])
    }

    private func dialogErrorPage(_ request: Request, message: String, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 400, reasonCode: "invalid_authorization_request", reason: message, at: now)
        return Response.page(
            title: "URL Blocked",
            body: "<p>This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings, or the app is unknown.</p>\n<p id=\"sandbox_reason\">\(Response.escapeHTML(message))</p>",
            status: .badRequest
        )
    }
}
