#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

/// The sandbox Facebook Graph API (which also serves Instagram, as `graph.facebook.com` does):
/// the Login dialog and token endpoint, `/me`, `/me/accounts`, nodes by id, app removal, Page
/// publishing (`/feed`, `/photos`), Instagram content publishing (`/media`, `/media_publish`), and comments on both.
///
/// Paths work with a version (`/v19.0/me`) or, except nodes by id, without one (`/me`), as on Graph. Errors have
/// Graph's shape and, like Graph, almost all answer HTTP 400.
struct FacebookSandboxNetwork: SandboxNetwork {
    let name = "facebook"
    let environment: SandboxEnvironment
    let directory = FacebookDirectory()
    let oauth: OAuth2Authority
    /// Page posts and photos.
    let pages = PageTimeline()
    /// Instagram containers, published media and publishing quotas.
    let instagram: InstagramPublisher
    /// Graph call budgets and the usage headers.
    let usage: GraphUsage
    /// Comments under Page posts and Instagram media.
    let comments = GraphComments()

    init(environment: SandboxEnvironment) {
        self.environment = environment
        self.oauth = OAuth2Authority(profile: FacebookOAuth.profile(environment.configuration), recorder: environment.recorder)
        self.instagram = InstagramPublisher(quota: environment.configuration.instagramPublishLimit)
        self.usage = GraphUsage(budget: environment.configuration.graphCallBudget)
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        for prefix in ["/:version", ""] {
            router.get("\(prefix)/dialog/oauth") { request, context in
                await versioned(request, context) { await dialog(request) }
            }
            router.get("\(prefix)/oauth/access_token") { request, context in
                try await versioned(request, context) { try await accessToken(request, context: context) }
            }
            router.post("\(prefix)/oauth/access_token") { request, context in
                try await versioned(request, context) { try await accessToken(request, context: context) }
            }
            router.get("\(prefix)/me") { request, context in
                try await versioned(request, context) { try await me(request, context: context) }
            }
            router.get("\(prefix)/me/accounts") { request, context in
                try await versioned(request, context) { try await accounts(request, context: context) }
            }
            router.delete("\(prefix)/me/permissions") { request, context in
                try await versioned(request, context) { try await removeApp(request, context: context) }
            }
            router.delete("\(prefix)/me/permissions/:permission") { request, context in
                try await versioned(request, context) {
                    try await removePermission(request, context: context, permission: context.parameters.get("permission") ?? "")
                }
            }
        }
        // Nodes by id only under a version: an unversioned `/:id` would collide with `/:version`.
        router.get("/:version/:id") { request, context in
            try await versioned(request, context) { try await node(request, context: context, id: context.parameters.get("id") ?? "") }
        }
        addPublishingRoutes(to: router)
        addInstagramRoutes(to: router)
        addCommentRoutes(to: router)
        addTokenDebugRoutes(to: router)
    }

    func addHelperRoutes(to router: Router<BasicRequestContext>) {
        router.post("/_sandbox/facebook/tokens") { request, context in
            try await mintPageToken(request, context: context)
        }
        router.post("/_sandbox/instagram/tokens") { request, context in
            try await mintToken(request, context: context)
        }
    }

    /// Runs `handler` when the path's version (if any) looks like Graph's `vNN.N`, else answers Graph's unknown-path
    /// error. A retired version is served as Graph serves it, by the oldest live one, and recorded (`/_sandbox/retired_versions`).
    func versioned(_ request: Request, _ context: BasicRequestContext, _ handler: () async throws -> Response) async rethrows -> Response {
        let now = environment.now()
        if let version = context.parameters.get("version") {
            guard Self.isVersion(version) else { return await refuse(.unknownPath(request.uri.path), request: request, now: now) }
            if GraphVersionCalendar.isRetired(version, now: now) {
                await environment.recorder.record(RetiredVersionCall(
                    network: GraphFaultAnswers.isInstagramPath(request.uri.path) ? "instagram" : name, receivedAt: SandboxTimestamp.rfc3339(now),
                    method: request.method.rawValue, path: request.uri.path, version: version, servedAs: GraphVersionCalendar.oldestLive(now: now)
                ))
            }
        }
        return try await handler()
    }

    /// Whether `text` is a Graph version such as `v19.0`.
    static func isVersion(_ text: String) -> Bool {
        let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        return text.hasPrefix("v") && parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// Records a refusal and answers with Graph's error body and `WWW-Authenticate` challenge.
    ///
    /// - Parameter headers: extra headers for the answer (Graph's usage headers).
    func refuse(_ error: GraphError, request: Request, now: Date, network: String? = nil, headers: HTTPFields = [:]) async -> Response {
        await environment.recordRejection(
            network: network ?? name, request: request, status: error.status, reasonCode: error.reasonCode, reason: error.recordedReason, at: now
        )
        var headers = headers
        if let challenge = error.wwwAuthenticate { headers[.wwwAuthenticate] = challenge }
        return Response.json(error, status: .init(code: error.status), headers: headers)
    }

    /// `POST /_sandbox/instagram/tokens`: a long-lived user token, as the Graph API Explorer and the token debugger's
    /// "extend" give a developer (`/_sandbox/facebook/tokens` gives the Page's token: ``mintPageToken(_:context:)``).
    ///
    /// Body `{"username": "runner", "scopes": [...]}`, both optional; the scopes default to what publishing needs.
    func mintToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let grant: TokenGrant, user: FacebookUser, lifetime: Duration
        switch try await mintUserGrant(request, context: context) {
        case .refused(let answer): return answer
        case .minted(let minted, let who, let lasts): (grant, user, lifetime) = (minted, who, lasts)
        }
        let body: JSONValue = .object([
            "access_token": .string(grant.accessToken),
            "token_type": .string("bearer"),
            "expires_in": .integer(Int64(lifetime.wholeSeconds)),
            "user_id": .string(user.id),
            "name": .string(user.name),
            "page_id": .string(user.page.id),
            "instagram_user_id": .string(user.page.instagram.id),
            "screen_name": .string(user.page.instagram.username),
        ])
        return Response.json(body, status: .created)
    }

    /// What a mint body asks for: a long-lived user grant, or the 400 answering a body the sandbox does not take.
    enum UserMint {
        case minted(TokenGrant, FacebookUser, Duration)
        case refused(Response)
    }

    /// Reads a mint body (`username`, `scopes`) and mints the long-lived user grant it asks for.
    func mintUserGrant(_ request: Request, context: BasicRequestContext) async throws -> UserMint {
        var request = request
        let now = environment.now()
        guard let mint = try await SandboxMintRequest.read(&request, context: context),
            FacebookDirectory.isValidUsername(mint.resolvedUsername)
        else {
            return .refused(Response.json(GraphError.invalidParameter("The body must be JSON like {\"username\": \"runner\"}; a username is 1 to 30 letters, digits, dots or underscores."), status: .badRequest))
        }
        let scopes = mint.scopes ?? FacebookOAuth.publishingScopes
        if let unknown = scopes.first(where: { !FacebookOAuth.knownScopes.contains($0) }) {
            return .refused(Response.json(GraphError.invalidParameter("Invalid Scopes: \(unknown)."), status: .badRequest))
        }
        let user = await directory.user(named: mint.resolvedUsername)
        let lifetime = FacebookOAuth.longLived(environment.configuration)
        let grant = await oauth.mint(clientID: FacebookOAuth.client.id, subject: user.id, scopes: scopes, lifetime: lifetime, now: now)
        return .minted(grant, user, lifetime)
    }
}
