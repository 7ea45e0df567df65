/// The sandbox LinkedIn app's OAuth registration: scopes and token lifetimes.
enum LinkedInOAuth {
    /// LinkedIn's real access-token lifetime: 60 days.
    static let defaultAccessTokenLifetime = Duration.seconds(5_184_000)
    /// What `POST /_sandbox/linkedin/tokens` grants unless told otherwise.
    static let defaultScopes = ["openid", "profile", "email", "w_member_social", "rw_organization_admin", "w_organization_social"]
    /// Any of these lets `GET /rest/organizationAcls?q=roleAssignee` answer.
    static let organizationScopes: Set<String> = ["rw_organization_admin", "r_organization_admin", "w_organization_social", "r_organization_social"]

    /// The scopes the sandbox app's products grant.
    static let knownScopes: Set<String> = [
        "openid", "profile", "email", "w_member_social", "r_organization_admin", "rw_organization_admin",
        "w_organization_social", "r_organization_social", "r_basicprofile", "r_liteprofile", "r_emailaddress",
    ]

    static let client = RegisteredClient(id: SandboxCredentials.linkedinClientID, secret: SandboxCredentials.linkedinClientSecret, authentication: .parameters)

    /// 60-day access tokens and no refresh tokens: most apps are not approved partners.
    static func profile(_ configuration: SandboxConfiguration) -> OAuth2Profile {
        OAuth2Profile(
            network: "linkedin",
            clients: [client],
            accessTokenLifetime: configuration.accessTokenLifetime ?? defaultAccessTokenLifetime,
            refreshTokens: .never,
            codeLifetime: configuration.authorizationCodeLifetime,
            tokenPrefix: "AQV",
            codePrefix: "AQT"
        )
    }

    /// The authorization endpoint: `state` optional, `scope` required, PKCE not part of the web flow.
    static let policy = AuthorizationPolicy(
        clients: [client.id: client],
        knownScopes: knownScopes,
        scopeSeparators: [" ", ","],
        pkce: .ignored,
        requiresState: false,
        requiresScope: true
    )
}
