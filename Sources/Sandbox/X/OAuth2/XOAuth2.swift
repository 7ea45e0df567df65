/// The sandbox X's OAuth 2.0 registration: its two apps, the scopes X defines, and token lifetimes.
enum XOAuth2 {
    /// The scopes `POST /2/tweets` needs, as X documents them.
    static let tweetScopes = ["tweet.read", "tweet.write", "users.read"]
    /// The scopes `GET /2/users/me` needs.
    static let userScopes = ["tweet.read", "users.read"]
    /// Only a grant with this scope yields a refresh token.
    static let offlineScope = "offline.access"
    /// X's real access-token lifetime: two hours.
    static let defaultAccessTokenLifetime = Duration.seconds(7_200)

    /// Every scope X's authorization server knows.
    static let knownScopes: Set<String> = [
        "tweet.read", "tweet.write", "tweet.moderate.write", "users.email", "users.read", "follows.read", "follows.write",
        "offline.access", "space.read", "mute.read", "mute.write", "like.read", "like.write", "list.read", "list.write",
        "block.read", "block.write", "bookmark.read", "bookmark.write", "media.write", "dm.read", "dm.write",
    ]

    /// The confidential "Web App" client (HTTP Basic) and the public "Native App" client.
    static let clients = [
        RegisteredClient(id: SandboxCredentials.xClientID, secret: SandboxCredentials.xClientSecret, authentication: .basic),
        RegisteredClient(id: SandboxCredentials.xPublicClientID, secret: nil, authentication: .none),
    ]

    /// Tokens as X issues them, with the configuration's overrides.
    static func profile(_ configuration: SandboxConfiguration) -> OAuth2Profile {
        OAuth2Profile(
            network: "x",
            clients: clients,
            accessTokenLifetime: configuration.accessTokenLifetime ?? defaultAccessTokenLifetime,
            refreshTokens: .withScope(offlineScope),
            refreshTokenLifetime: configuration.refreshTokenLifetime,
            codeLifetime: configuration.authorizationCodeLifetime
        )
    }

    /// X's authorize endpoint: S256 PKCE, `state` and `scope` required, scopes separated by spaces.
    static let policy = AuthorizationPolicy(
        clients: Dictionary(uniqueKeysWithValues: clients.map { ($0.id, $0) }),
        knownScopes: knownScopes,
        scopeSeparators: [" "],
        pkce: .required,
        requiresState: true,
        requiresScope: true
    )
}
