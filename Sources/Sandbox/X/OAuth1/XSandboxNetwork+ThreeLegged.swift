#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

extension XSandboxNetwork {
    /// X's OAuth 1.0a endpoints: request token, authorize (and its "Sign in with X" twin), access token, invalidate.
    func addOAuth1Routes(to router: Router<BasicRequestContext>) {
        router.post("/oauth/request_token") { request, context in
            try await requestToken(request, context: context)
        }
        router.get("/oauth/authorize") { request, _ in
            await authorizeRequestToken(request)
        }
        router.get("/oauth/authenticate") { request, _ in
            await authorizeRequestToken(request)
        }
        router.post("/oauth/access_token") { request, context in
            try await accessToken(request, context: context)
        }
        router.post("/1.1/oauth/invalidate_token") { request, context in
            try await invalidateToken(request, context: context)
        }
    }

    /// `POST /oauth/request_token`: signed by the consumer alone, with `oauth_callback` (`oob` for a PIN).
    private func requestToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let now = environment.now()
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        let signed = signedRequest(request, body: body)
        guard let query = request.queryPairs, let form = signed.formParameters else {
            return await refuseOAuth1(request, status: .badRequest, XLegacyErrors(code: 215, message: "Bad Authentication data.", reason: "The query or form body has a broken percent escape."), reasonCode: "malformed_request", now: now)
        }
        let callback = OAuth2Parameters(query + form)["oauth_callback"]
        switch await oauth1.requestToken(signed, callbackParameter: callback, now: now) {
        case .success(let issued):
            return Response.form([("oauth_token", issued.token), ("oauth_token_secret", issued.secret), ("oauth_callback_confirmed", "true")])
        case .failure(let failure):
            return await refuse(failure, request: request, now: now)
        }
    }

    /// `GET /oauth/authorize?oauth_token=…`: the person approves at once (or refuses, with `sandbox_decision=deny`).
    ///
    /// `oob` shows the PIN page; a callback gets `oauth_token` and `oauth_verifier` (or `denied`).
    private func authorizeRequestToken(_ request: Request) async -> Response {
        let now = environment.now()
        let parameters = OAuth2Parameters(request.queryPairs ?? [])
        let username = parameters["sandbox_user"] ?? "sandbox_user"
        guard let token = parameters["oauth_token"], XMintTokenRequest.isValidUsername(username) else {
            await environment.recordRejection(network: name, request: request, status: 400, reasonCode: "invalid_authorization_request", reason: "oauth_token is missing or sandbox_user is not a valid X username.", at: now)
            return Response.page(title: "Something went wrong", body: "<p>There is no request token for this page, or <code>sandbox_user</code> is not a valid X username.</p>", status: .badRequest)
        }
        if parameters["sandbox_decision"] == "deny" {
            switch await oauth1.deny(token, now: now) {
            case .success(.url(let callback)): return Response.redirect(to: LoopbackRedirectURI.appending([("denied", token)], to: callback))
            case .success(.outOfBand): return Response.page(title: "Authorization denied", body: "<p>You have not authorized the app to access your account.</p>")
            case .failure: return await invalidRequestTokenPage(request, now: now)
            }
        }
        let user = await accounts.user(named: username)
        switch await oauth1.authorize(token, subject: user.id, now: now) {
        case .success((.url(let callback), let verifier)):
            return Response.redirect(to: LoopbackRedirectURI.appending([("oauth_token", token), ("oauth_verifier", verifier)], to: callback))
        case .success((.outOfBand, let pin)):
            return Response.page(
                title: "Authorized",
                body: "<p>You've granted access to the sandbox app as @\(Response.escapeHTML(user.username)). Next, return to the app and enter this PIN to complete the authorization process:</p>\n<p><kbd><code id=\"oauth_pin\">\(pin)</code></kbd></p>"
            )
        case .failure:
            return await invalidRequestTokenPage(request, now: now)
        }
    }

    /// `POST /oauth/access_token`: signed with the request token, carrying `oauth_verifier`; answers the access token pair.
    private func accessToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let now = environment.now()
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        let signed = signedRequest(request, body: body)
        guard let query = request.queryPairs, let form = signed.formParameters else {
            return await refuseOAuth1(request, status: .badRequest, XLegacyErrors(code: 215, message: "Bad Authentication data.", reason: "The query or form body has a broken percent escape."), reasonCode: "malformed_request", now: now)
        }
        let verifier = OAuth2Parameters(query + form)["oauth_verifier"]
        switch await oauth1.accessToken(signed, verifierParameter: verifier, now: now) {
        case .failure(let failure):
            return await refuse(failure, request: request, now: now)
        case .success(let userID):
            guard let grant = await accounts.issueToken(userID: userID) else {
                return await refuse(.requestToken(.invalidToken), request: request, now: now)
            }
            await recordIssuedOAuth1Token(grant: "oauth1_access_token", token: grant.oauthToken, secret: grant.oauthTokenSecret)
            return Response.form([
                ("oauth_token", grant.oauthToken), ("oauth_token_secret", grant.oauthTokenSecret),
                ("user_id", grant.userID), ("screen_name", grant.screenName),
            ])
        }
    }

    /// `POST /1.1/oauth/invalidate_token`: signed with the access token to revoke; it stops working at once.
    private func invalidateToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let now = environment.now()
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        switch await accounts.authenticate(signedRequest(request, body: body), now: now) {
        case .failure(let rejection):
            return await refuse(.signature(rejection), request: request, now: now)
        case .success(let principal):
            let token = principal.oauthToken ?? ""
            let revoked = await accounts.invalidate(token: token)
            await environment.recorder.record(TokenRevocation(network: name, revokedAt: SandboxTimestamp.rfc3339(now), reason: .revokeEndpoint, tokensRevoked: revoked ? 1 : 0))
            return Response.json(["access_token": token], status: .ok)
        }
    }

    /// Remembers that an OAuth 1.0a access token pair was issued (its values only in the test-only secrets list).
    func recordIssuedOAuth1Token(grant: String, token: String, secret: String) async {
        await environment.recorder.rememberSecret(token)
        await environment.recorder.rememberSecret(secret)
        await environment.recorder.record(IssuedToken(network: name, kind: .oauth1Token, issuedAt: SandboxTimestamp.rfc3339(environment.now()), grant: grant))
    }

    private func signedRequest(_ request: Request, body: ByteBuffer) -> OAuth1SignedRequest {
        request.oauth1SignedRequest(body: body, fallbackHost: "\(environment.configuration.host):\(environment.configuration.port)")
    }

    /// Answers a refused flow step the way X does: JSON errors for authentication, plain text for the verifier.
    private func refuse(_ failure: XOAuth1Flow.Failure, request: Request, now: Date) async -> Response {
        switch failure {
        case .signature(let rejection):
            return await refuseOAuth1(request, status: .unauthorized, .authentication(rejection), reasonCode: rejection.code.description, now: now)
        case .missingCallback:
            return await refuseOAuth1(request, status: .badRequest, XLegacyErrors(code: 215, message: "Bad Authentication data.", reason: "oauth_callback is required; send oob for PIN-based authorization."), reasonCode: "missing_callback", now: now)
        case .callbackNotApproved:
            return await refuseOAuth1(request, status: .forbidden, XLegacyErrors(code: 415, message: "Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings", reason: "The sandbox app accepts oob or a loopback callback (http://127.0.0.1:PORT/…)."), reasonCode: "callback_not_approved", now: now)
        case .missingVerifier, .requestToken(.wrongVerifier):
            return await refuseText(request, "Error processing your OAuth request: Invalid oauth_verifier parameter", reasonCode: failure == .missingVerifier ? "missing_verifier" : "wrong_verifier", now: now)
        case .requestToken(.notAuthorized):
            return await refuseText(request, "Error processing your OAuth request: The request token has not been authorized", reasonCode: "request_token_not_authorized", now: now)
        case .requestToken(.invalidToken), .requestToken(.consumerMismatch):
            return await refuseText(request, "Error processing your OAuth request: Invalid request token", reasonCode: "invalid_request_token", now: now)
        }
    }

    private func refuseOAuth1(_ request: Request, status: HTTPResponse.Status, _ errors: XLegacyErrors, reasonCode: String, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: status.code, reasonCode: reasonCode, reason: errors.reason ?? errors.errors[0].message, at: now)
        return Response.json(errors, status: status)
    }

    private func refuseText(_ request: Request, _ text: String, reasonCode: String, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 401, reasonCode: reasonCode, reason: text, at: now)
        return Response.text(text, status: .unauthorized)
    }

    private func invalidRequestTokenPage(_ request: Request, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 400, reasonCode: "invalid_request_token", reason: "The request token is unknown, expired or already used.", at: now)
        return Response.page(
            title: "This page is no longer valid",
            body: "<p>It looks like someone already used the token information you provided, or it expired. Please return to the site that sent you to this page and try again.</p>",
            status: .badRequest
        )
    }
}
