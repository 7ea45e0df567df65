#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

/// The sandbox LinkedIn: OAuth 2.0 (www.linkedin.com/oauth/v2), OpenID `userinfo`, the
/// organization endpoints a linking client reads, and the Posts, Images and Comments APIs (api.linkedin.com),
/// with the image upload URLs, on one listener.
///
/// Access tokens last 60 days and come without refresh tokens, as for most real apps.
struct LinkedInSandboxNetwork: SandboxNetwork {
    let name = "linkedin"
    let environment: SandboxEnvironment
    let directory = LinkedInDirectory()
    let oauth: OAuth2Authority
    /// Posts, images and daily quotas.
    let shares: LinkedInShares
    /// Comments under posts.
    let comments = LinkedInComments()

    init(environment: SandboxEnvironment) {
        self.environment = environment
        self.oauth = OAuth2Authority(profile: LinkedInOAuth.profile(environment.configuration), recorder: environment.recorder)
        self.shares = LinkedInShares(dailyLimit: environment.configuration.linkedinDailyPostLimit)
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/oauth/v2/authorization") { request, _ in
            await authorize(request)
        }
        router.post("/oauth/v2/accessToken") { request, context in
            try await accessToken(request, context: context)
        }
        router.post("/oauth/v2/revoke") { request, context in
            try await revoke(request, context: context)
        }
        router.post("/oauth/v2/introspectToken") { request, context in
            try await introspectToken(request, context: context)
        }
        router.get("/v2/userinfo") { request, _ in
            await userInfo(request)
        }
        router.get("/rest/organizationAcls") { request, _ in
            await organizationAcls(request)
        }
        router.get("/rest/organizations/:id") { request, context in
            await organization(request, id: context.parameters.get("id") ?? "")
        }
        addPostRoutes(to: router)
    }

    func addHelperRoutes(to router: Router<BasicRequestContext>) {
        router.post("/_sandbox/linkedin/tokens") { request, context in
            try await mintToken(request, context: context)
        }
    }

    /// `POST /_sandbox/linkedin/tokens`: a 60-day access token, as LinkedIn's developer token generator gives.
    ///
    /// Body `{"username": "runner", "scopes": [...]}`, both optional.
    private func mintToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let now = environment.now()
        guard let mint = try await SandboxMintRequest.read(&request, context: context), LinkedInDirectory.isValidUsername(mint.resolvedUsername) else {
            return Response.json(OAuth2ErrorDocument(error: "invalid_request", description: "The body must be JSON like {\"username\": \"runner\"}; a username is 1 to 30 letters, digits, - or _."), status: .badRequest)
        }
        let scopes = mint.scopes ?? LinkedInOAuth.defaultScopes(environment.configuration)
        switch LinkedInOAuth.policy(environment.configuration).scopes(scopes.joined(separator: " ")) {
        case .failure(let refusal):
            return Response.json(OAuth2ErrorDocument(refusal), status: .badRequest)
        case .success(let granted):
            let member = await directory.member(named: mint.resolvedUsername)
            let lifetime = LinkedInOAuth.profile(environment.configuration).accessTokenLifetime
            let grant = await oauth.mint(clientID: LinkedInOAuth.client.id, subject: member.id, scopes: granted, lifetime: lifetime, now: now)
            let body: JSONValue = .object([
                "access_token": .string(grant.accessToken),
                "expires_in": lifetime.map { .integer(Int64($0.wholeSeconds)) } ?? .null,
                "scope": .string(granted.joined(separator: " ")),
                "sub": .string(member.id),
                "name": .string(member.name),
                "person_urn": .string(member.urn),
                "organization_urn": .string(member.organization.urn),
            ])
            return Response.json(body, status: .created)
        }
    }
}
