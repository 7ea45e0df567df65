#if canImport(FoundationEssentials)
import SchedulerCore
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging

/// The sandbox X: `POST /2/tweets`, the v2 media upload endpoints, `GET /2/users/me`, OAuth 1.0a
/// three-legged and OAuth 2.0 (PKCE) authorization, and the token-minting stand-in for X's developer portal.
///
/// Requests are authenticated with OAuth 1.0a user context or an OAuth 2.0 user token (Bearer) and
/// checked in X's order: auth (401), scope (403), rate limit (429), body (400), the post replied to (403), duplicate (403).
/// Every refusal is recorded with its reason.
struct XSandboxNetwork: SandboxNetwork {
    let name = "x"
    let environment: SandboxEnvironment
    let accounts: XAccountStore
    let timeline: XTimeline
    let media = XMediaLibrary()
    let oauth1: XOAuth1Flow
    let oauth2: OAuth2Authority

    init(environment: SandboxEnvironment) {
        self.environment = environment
        let verifier = OAuth1Verifier(
            consumers: [SandboxCredentials.xConsumerKey: SandboxCredentials.xConsumerSecret],
            timestampTolerance: environment.configuration.timestampTolerance
        )
        self.accounts = XAccountStore(verifier: verifier)
        self.timeline = XTimeline()
        self.oauth1 = XOAuth1Flow(verifier: verifier, requestTokenLifetime: environment.configuration.authorizationCodeLifetime)
        self.oauth2 = OAuth2Authority(profile: XOAuth2.profile(environment.configuration), recorder: environment.recorder)
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/2/tweets") { request, context in
            try await createTweet(request, context: context)
        }
        router.get("/2/users/me") { request, context in
            try await me(request, context: context)
        }
        router.get("/2/users/:id/tweets") { request, context in
            try await userTweets(request, context: context)
        }
        addMediaRoutes(to: router)
        addOAuth1Routes(to: router)
        addOAuth2Routes(to: router)
    }

    func addHelperRoutes(to router: Router<BasicRequestContext>) {
        router.post("/_sandbox/x/tokens") { request, context in
            try await mintToken(request, context: context)
        }
    }

    /// Who sent `request`, or the problem X answers with.
    ///
    /// The scheme decides the check: `Bearer` is an OAuth 2.0 user token (which must carry
    /// `requiredScopes`), anything else goes to the OAuth 1.0a verifier (a read-only token may not write).
    func authenticate(_ request: Request, body: ByteBuffer?, requiredScopes: [String], now: Date) async -> Result<XPrincipal, XProblem> {
        if let bearer = request.bearerToken {
            return await authenticateBearer(bearer, requiredScopes: requiredScopes, now: now)
        }
        let fallbackHost = "\(environment.configuration.host):\(environment.configuration.port)"
        let signed = request.oauth1SignedRequest(body: body, fallbackHost: fallbackHost)
        return await accounts.authenticate(signed, now: now).mapError { XProblem.unauthorized($0) }.flatMap { principal in
            // A read-only token is refused anything that writes, as X refuses it (403 oauth1-permissions).
            principal.mayNotWrite(requiredScopes) ? .failure(.oauth1Permissions) : .success(principal)
        }
    }

    /// Checks an OAuth 2.0 user access token: issued here, unexpired, unrevoked, with the scopes the endpoint needs.
    private func authenticateBearer(_ token: String, requiredScopes: [String], now: Date) async -> Result<XPrincipal, XProblem> {
        let info: TokenInfo
        switch await oauth2.validate(token, now: now) {
        case .failure(let refusal): return .failure(.unauthorized(reason: refusal.message, reasonCode: refusal.code.description))
        case .success(let valid): info = valid
        }
        guard let user = await accounts.user(id: info.subject) else {
            return .failure(.unauthorized(reason: "The token's user no longer exists.", reasonCode: "unknown_user"))
        }
        let missing = requiredScopes.filter { !info.scopes.contains($0) }
        guard missing.isEmpty else { return .failure(.missingScopes(missing)) }
        return .success(XPrincipal(user: user, credential: .oauth2(clientID: info.clientID, scopes: info.scopes)))
    }

    /// Records a refusal and answers with X's problem body (and rate-limit headers when they apply).
    func refuse(
        _ problem: XProblem,
        request: Request,
        body: JSONValue?,
        receivedAt: Date,
        principal: XPrincipal?,
        headers: HTTPFields = [:]
    ) async -> Response {
        let claimed = principal.map { ($0.oauthConsumerKey, $0.oauthToken) } ?? Self.claimedIdentity(request)
        await environment.recorder.record(RejectedRequest(
            network: name,
            receivedAt: SandboxTimestamp.rfc3339(receivedAt),
            method: request.method.rawValue,
            path: request.uri.path,
            status: problem.status,
            reasonCode: problem.reasonCode,
            reason: problem.reason ?? problem.detail,
            body: body,
            oauthConsumerKey: claimed.0
        ))
        environment.logger.debug(
            "Sandbox refused a request",
            metadata: [
                "sandbox.network": "\(name)",
                "http.path": "\(request.uri.path)",
                "http.status": "\(problem.status)",
                "sandbox.reason": "\(problem.reasonCode)",
            ]
        )
        return Response.json(problem, status: .init(code: problem.status), headers: headers)
    }

    /// The consumer key and token an unauthenticated OAuth 1.0a request claims, for the rejected record.
    static func claimedIdentity(_ request: Request) -> (String?, String?) {
        guard let header = request.headers[.authorization],
            let pairs = OAuthHeaderFields.parse(header)
        else { return (nil, nil) }
        let byName = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        return (byName["oauth_consumer_key"], byName["oauth_token"])
    }
}
