#if canImport(FoundationEssentials)
import SchedulerCore
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging
import OAuth

/// The sandbox X: `POST /2/tweets`, `GET /2/users/me`, and the token-minting stand-in for X's developer portal.
///
/// Requests are authenticated with OAuth 1.0a user context and checked in X's order: auth (401),
/// rate limit (429), body (400), duplicate (403). Every refusal is recorded with its reason.
struct XSandboxNetwork: SandboxNetwork {
    let name = "x"
    let environment: SandboxEnvironment
    let accounts: XAccountStore
    let timeline: XTimeline

    init(environment: SandboxEnvironment) {
        self.environment = environment
        let verifier = OAuth1Verifier(
            consumers: [SandboxCredentials.xConsumerKey: SandboxCredentials.xConsumerSecret],
            timestampTolerance: environment.configuration.timestampTolerance
        )
        self.accounts = XAccountStore(verifier: verifier)
        self.timeline = XTimeline()
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/2/tweets") { request, context in
            try await createTweet(request, context: context)
        }
        router.get("/2/users/me") { request, context in
            try await me(request, context: context)
        }
        router.post("/_sandbox/x/tokens") { request, context in
            try await mintToken(request, context: context)
        }
    }

    /// Who sent `request`, or why it is refused.
    ///
    /// The scheme decides the check: `OAuth` goes to the OAuth 1.0a verifier; `Bearer` (OAuth 2.0
    /// user tokens) is where a second check slots in, and until then it is refused with a reason.
    func authenticate(_ request: Request, body: ByteBuffer?, now: Date) async -> Result<XPrincipal, OAuth1Rejection> {
        let authorization = request.headers[.authorization] ?? ""
        if authorization.lowercased().hasPrefix("bearer ") {
            return .failure(.init(code: .unsupportedScheme, message: "The sandbox X does not emulate OAuth 2.0 user tokens yet; sign with OAuth 1.0a."))
        }
        let fallbackHost = "\(environment.configuration.host):\(environment.configuration.port)"
        guard let signed = request.oauth1SignedRequest(body: body, fallbackHost: fallbackHost) else {
            return .failure(.init(code: .malformedHeader, message: "The query or form body has a broken percent escape."))
        }
        return await accounts.authenticate(signed, now: now)
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
            oauthConsumerKey: claimed.0,
            oauthToken: claimed.1
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

    /// The consumer key and token an unauthenticated request claims, for the rejected record.
    static func claimedIdentity(_ request: Request) -> (String?, String?) {
        guard let header = request.headers[.authorization],
            let pairs = try? OAuth1AuthorizationHeader.parse(header)
        else { return (nil, nil) }
        let byName = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        return (byName["oauth_consumer_key"], byName["oauth_token"])
    }
}
