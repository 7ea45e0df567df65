#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging
import SchedulerCore

/// One sandbox Mastodon instance: app registration and OAuth (authorization code with S256 PKCE, revocation),
/// `GET /api/v2/instance`, verify_credentials, statuses with `Idempotency-Key`, media that takes time to process,
/// an account's statuses with paging, rate limits with their headers, and `/_sandbox/mastodon/<domain>/…` helpers.
///
/// Written from docs/research/mastodon.md, apart from the connector and NetworkRules, and at least as strict as a real
/// instance (the stricter reading where it is silent). One type for every instance: the settings say which; run two
/// with different `max_characters` to catch a client that assumes 500. Each needs a listener of its own (their paths
/// are the same); its helper paths name its domain, so every listener can serve every instance's helpers.
struct MastodonSandboxNetwork: SandboxNetwork {
    static let networkName = "mastodon"
    let name = MastodonSandboxNetwork.networkName
    let environment: SandboxEnvironment
    let instance: MastodonInstanceSettings
    let options: MastodonSandboxOptions
    let accounts: MastodonAccountDirectory
    let authority: MastodonAuthority
    let timeline: MastodonTimeline
    let throttles: MastodonThrottles
    let entities: MastodonEntities

    init(environment: SandboxEnvironment, instance: MastodonInstanceSettings, options: MastodonSandboxOptions = .init()) {
        self.environment = environment
        self.instance = instance
        self.options = options
        let salt = MastodonIDGenerator.salt(for: instance.domain)
        self.accounts = MastodonAccountDirectory(salt: salt)
        self.authority = MastodonAuthority(recorder: environment.recorder)
        self.timeline = MastodonTimeline(settings: instance, statusLimit: options.rateLimits.statuses, salt: salt)
        self.throttles = MastodonThrottles(options.rateLimits)
        self.entities = MastodonEntities(settings: instance)
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        addAppRoutes(to: router)
        addOAuthRoutes(to: router)
        addAccountRoutes(to: router)
        addStatusRoutes(to: router)
        addMediaRoutes(to: router)
    }

    func addHelperRoutes(to router: Router<BasicRequestContext>) {
        addSandboxHelperRoutes(to: router)
    }

    /// Records a refusal (network `mastodon`, the instance's domain in the body as `_instance`) and answers it.
    func refuse(_ error: MastodonError, request: Request, body: [String: JSONValue] = [:], at receivedAt: Date, headers: HTTPFields = [:]) async -> Response {
        await record(error, request: request, body: body, at: receivedAt)
        return error.response(headers: headers)
    }

    /// Records a refusal that is answered otherwise than with its JSON (the authorize endpoint's page or redirect).
    func record(_ error: MastodonError, request: Request, body: [String: JSONValue] = [:], at receivedAt: Date) async {
        await environment.recorder.record(RejectedRequest(
            network: name, receivedAt: SandboxTimestamp.rfc3339(receivedAt), method: request.method.rawValue, path: request.uri.path,
            status: error.status, reasonCode: error.reasonCode, reason: error.detail ?? error.error, body: recordedBody(body)
        ))
        environment.logger.debug("Sandbox refused a request", metadata: [
            "sandbox.network": "\(name)", "sandbox.instance": "\(instance.domain)", "http.path": "\(request.uri.path)",
            "http.status": "\(error.status)", "sandbox.reason": "\(error.reasonCode)",
        ])
    }

    /// What records keep of a body: its parameters (never a secret) and `_instance`, so two instances can be told apart.
    func recordedBody(_ body: [String: JSONValue]) -> JSONValue {
        var members = body
        for secret in ["code", "code_verifier", "token", "client_secret", "access_token"] { members[secret] = nil }
        members["_instance"] = .string(instance.domain)
        return .object(members)
    }

    /// The scheme and host a client reached this instance at (`http://127.0.0.1:PORT`), for links it should follow.
    static func base(of request: Request) -> String {
        "http://" + (request.head.authority ?? "127.0.0.1")
    }

    /// The query parameters by name (the first of each); empty when an escape is broken.
    static func query(_ request: Request) -> [String: String] {
        Dictionary(request.queryPairs ?? [], uniquingKeysWith: { first, _ in first })
    }
}
