#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension ThreadsSandboxNetwork {
    /// `POST /oauth/access_token` with `client_id`, `client_secret`, `code`, `grant_type=authorization_code` and
    /// `redirect_uri` in the body (docs/research/threads.md §1) → `{"access_token", "user_id"}`: a one-hour token, and the
    /// user id as a JSON number above 2^53. No `expires_in`, no `token_type`, no refresh token.
    ///
    /// Parameters are read from the body only (the documented `-F` form or URL-encoded), never the query, where a
    /// secret would end up in logs. Errors have this endpoint's own shape (``ThreadsCodeExchangeError``).
    func exchangeCode(_ request: Request) async -> Response {
        var request = request
        let now = environment.now()
        guard let bytes = await request.collectBytes(upTo: Self.bodyLimit),
              let form = try? SubmittedForm.parse(bytes, contentType: request.headers[.contentType]) else {
            return await refuse(ThreadsCodeExchangeError(errorMessage: "The body must be a form.", reasonCode: "invalid_request"), request: request, now: now)
        }
        let client: RegisteredClient
        switch appClient(id: form["client_id"], secret: form["client_secret"]) {
        case .failure(let refusal): return await refuse(refusal, request: request, now: now)
        case .success(let found): client = found
        }
        guard form["grant_type"] == "authorization_code" else {
            let message = "grant_type must be authorization_code."
            return await refuse(ThreadsCodeExchangeError(errorMessage: message, reasonCode: "unsupported_grant_type"), request: request, now: now)
        }
        guard let code = form["code"].flatMap(Self.nonEmpty), let redirectURI = form["redirect_uri"].flatMap(Self.nonEmpty) else {
            let message = "code and redirect_uri are required."
            return await refuse(ThreadsCodeExchangeError(errorMessage: message, reasonCode: "invalid_request"), request: request, now: now)
        }
        switch await oauth.exchange(code: code, client: client, redirectURI: redirectURI, verifier: nil, now: now) {
        case .failure(let refusal) where refusal.code == .redirectMismatch:
            let message = "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request"
            return await refuse(ThreadsCodeExchangeError(errorMessage: message, reasonCode: refusal.code.description), request: request, now: now)
        case .failure(let refusal):
            return await refuse(.codeNotFound(refusal.code.description), request: request, now: now)
        case .success(let grant):
            let body: JSONValue = .object(["access_token": .string(grant.accessToken), "user_id": .integer(Int64(grant.subject) ?? 0)])
            return Response.json(body, status: .ok, headers: [.cacheControl: "no-store"])
        }
    }

    /// The registered app `id` names, when `secret` is its secret; else what Threads says.
    func appClient(id: String?, secret: String?) -> Result<RegisteredClient, ThreadsCodeExchangeError> {
        guard let id, !id.isEmpty else { return .failure(ThreadsCodeExchangeError(errorMessage: "Missing client_id parameter.", reasonCode: "invalid_client")) }
        guard id != ThreadsOAuth.metaAppID, let client = oauth.clientAuthenticator.clients[id] else {
            return .failure(ThreadsCodeExchangeError(errorMessage: "Invalid platform app", reasonCode: "invalid_client"))
        }
        let parameters = OAuth2Parameters([("client_id", id), ("client_secret", secret ?? "")])
        guard case .success = oauth.clientAuthenticator.authenticate(authorization: nil, parameters: parameters) else {
            return .failure(ThreadsCodeExchangeError(errorMessage: "Error validating client secret.", reasonCode: "invalid_client"))
        }
        return .success(client)
    }

    /// `GET /access_token?grant_type=th_exchange_token&client_secret&access_token` → `{"access_token", "token_type":
    /// "bearer", "expires_in"}`: a 60-day token for a working short-lived one of the app whose secret is given.
    /// Only short-lived tokens are exchanged; a long-lived one is refreshed instead.
    func exchangeForLongLived(_ request: Request) async -> Response {
        let now = environment.now()
        let query = OAuth2Parameters(request.queryPairs ?? [])
        guard query["grant_type"] == "th_exchange_token" else {
            return await refuse(.invalidParameter("(#100) grant_type must be th_exchange_token."), request: request, now: now)
        }
        guard let secret = query["client_secret"], let token = query["access_token"] else {
            return await refuse(.invalidParameter("(#100) client_secret and access_token are required."), request: request, now: now)
        }
        let info: TokenInfo
        switch await tokenInfo(token, now: now) {
        case .failure(let error): return await refuse(error, request: request, now: now)
        case .success(let valid): info = valid
        }
        guard case .success = appClient(id: info.clientID, secret: secret) else {
            return await refuse(ThreadsError("Error validating client secret.", code: 1, reasonCode: "invalid_client"), request: request, now: now)
        }
        guard info.grant == "authorization_code" else {
            return await refuse(.invalidParameter("(#100) Only a short-lived token can be exchanged; refresh a long-lived one with th_refresh_token."),
                                request: request, now: now)
        }
        return await issueLongLived(in: info, grant: "th_exchange_token", now: now)
    }

    /// `GET /refresh_access_token?grant_type=th_refresh_token&access_token` → a new 60-day token, for a long-lived
    /// token at least 24 hours old and not expired, granted `threads_basic`. The old token keeps working until it
    /// expires (the reference does not say it stops); a client must store the new one.
    func refreshLongLived(_ request: Request) async -> Response {
        let now = environment.now()
        let query = OAuth2Parameters(request.queryPairs ?? [])
        guard query["grant_type"] == "th_refresh_token" else {
            return await refuse(.invalidParameter("(#100) grant_type must be th_refresh_token."), request: request, now: now)
        }
        guard let token = query["access_token"] else {
            return await refuse(.invalidParameter("(#100) access_token is required."), request: request, now: now)
        }
        let info: TokenInfo
        switch await tokenInfo(token, now: now) {
        case .failure(let error): return await refuse(error, request: request, now: now)
        case .success(let valid): info = valid
        }
        if let problem = refreshProblem(info, now: now) { return await refuse(problem, request: request, now: now) }
        return await issueLongLived(in: info, grant: "th_refresh_token", now: now)
    }

    /// Why `info`'s token cannot be refreshed now: short-lived, younger than 24 hours, or without `threads_basic`.
    private func refreshProblem(_ info: TokenInfo, now: Date) -> ThreadsError? {
        guard ThreadsOAuth.longLivedGrants.contains(info.grant), let expiresAt = info.expiresAt else {
            return .invalidParameter("(#100) Only a long-lived token can be refreshed; exchange a short-lived one with th_exchange_token first.")
        }
        guard info.scopes.contains(ThreadsOAuth.baseScope) else { return .permissionDenied(ThreadsOAuth.baseScope) }
        // Every long-lived token lasts the same time, so its age is that time less what it has left.
        let age = ThreadsOAuth.longLived(environment.configuration).timeInterval - expiresAt.timeIntervalSince(now)
        guard age >= ThreadsOAuth.refreshableAfter.timeInterval else {
            return ThreadsError("(#100) The access token is too new to be refreshed: a long-lived token can be refreshed once it is 24 hours old.",
                                code: 100, reasonCode: "token_too_new").withSandboxDetail("the token is \(Int(age)) seconds old")
        }
        return nil
    }

    /// A fresh long-lived token in `info`'s authorization.
    private func issueLongLived(in info: TokenInfo, grant: String, now: Date) async -> Response {
        let lifetime = ThreadsOAuth.longLived(environment.configuration)
        let issued = await oauth.issueAccessToken(in: info.family, lifetime: lifetime, grant: grant, now: now)
        let body: JSONValue = .object([
            "access_token": .string(issued.token), "token_type": .string("bearer"), "expires_in": .integer(Int64(lifetime.wholeSeconds)),
        ])
        return Response.json(body, status: .ok, headers: [.cacheControl: "no-store"])
    }

    static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
