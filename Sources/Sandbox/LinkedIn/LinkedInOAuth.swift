/// The sandbox LinkedIn app's OAuth registration: scopes and token lifetimes.
enum LinkedInOAuth {
    /// LinkedIn's real access-token lifetime: 60 days.
    static let defaultAccessTokenLifetime = Duration.seconds(5_184_000)
    /// What `POST /_sandbox/linkedin/tokens` grants unless told otherwise: every scope the app's products give.
    static func defaultScopes(_ configuration: SandboxConfiguration) -> [String] {
        LinkedInProduct.scopes(of: configuration.linkedinProducts).sorted()
    }

    /// Either of these lets `GET /rest/organizationAcls?q=roleAssignee` answer: the organization admin scopes.
    static let organizationAdminScopes: Set<String> = ["rw_organization_admin", "r_organization_admin"]

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

    /// The authorization endpoint: `state` optional, `scope` required, PKCE not part of the web flow, and
    /// only the scopes the app's products grant (anything else: `unauthorized_scope_error`).
    static func policy(_ configuration: SandboxConfiguration) -> AuthorizationPolicy {
        AuthorizationPolicy(
            clients: [client.id: client],
            knownScopes: LinkedInProduct.scopes(of: configuration.linkedinProducts),
            scopeSeparators: [" ", ","],
            pkce: .ignored,
            requiresState: false,
            requiresScope: true
        )
    }
}
