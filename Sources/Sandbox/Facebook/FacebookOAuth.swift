/// The sandbox Facebook app's Login registration: scopes, PKCE, and Graph's token lifetimes.
enum FacebookOAuth {
    /// A short-lived user token, from the code exchange: one hour.
    static let shortLivedLifetime = Duration.seconds(3_600)
    /// A long-lived user token, from `fb_exchange_token`: about 60 days.
    static let longLivedLifetime = Duration.seconds(5_184_000)
    /// Every Login grant includes this.
    static let baseScope = "public_profile"
    /// What `POST /_sandbox/facebook/tokens` grants unless told otherwise: what publishing to Pages and Instagram,
    /// and commenting under what was published, need.
    static let publishingScopes = [
        "public_profile", "pages_show_list", "pages_read_engagement", "pages_manage_posts", "pages_manage_engagement",
        "instagram_basic", "instagram_content_publish", "instagram_manage_comments",
    ]

    /// The permissions the sandbox app may request.
    static let knownScopes: Set<String> = [
        "public_profile", "email", "pages_show_list", "pages_read_engagement", "pages_manage_posts", "pages_manage_engagement", "pages_manage_metadata",
        "pages_read_user_content", "instagram_basic", "instagram_content_publish", "instagram_manage_insights",
        "instagram_manage_comments", "business_management", "read_insights", "publish_video",
    ]

    static let client = RegisteredClient(id: SandboxCredentials.facebookAppID, secret: SandboxCredentials.facebookAppSecret, authentication: .parameters)
    /// A second app the sandbox knows, so a token made for one app can be shown to the other, as a person who made a Page
    /// token with the wrong app in Graph API Explorer does (`debug_token` refuses it as Graph does).
    static let secondClient = RegisteredClient(id: "1000000000000002", secret: "sandbox-second-facebook-app-secret", authentication: .parameters)
    /// The apps' names, as `debug_token`'s `application` gives them.
    static let applicationNames = [client.id: "Sandbox Scheduler", secondClient.id: "Sandbox Second App"]

    /// Code exchanges yield short-lived user tokens; there are no refresh tokens on Facebook.
    static func profile(_ configuration: SandboxConfiguration) -> OAuth2Profile {
        OAuth2Profile(
            network: "facebook",
            clients: [client, secondClient],
            accessTokenLifetime: configuration.accessTokenLifetime ?? shortLivedLifetime,
            refreshTokens: .never,
            codeLifetime: configuration.authorizationCodeLifetime,
            tokenPrefix: "EAAS",
            codePrefix: "AQ"
        )
    }

    /// How long a long-lived token lasts with the configuration's override.
    static func longLived(_ configuration: SandboxConfiguration) -> Duration {
        configuration.accessTokenLifetime ?? longLivedLifetime
    }

    /// The Login dialog: optional S256 PKCE, optional `state`, scopes separated by commas (or spaces).
    static let policy = AuthorizationPolicy(
        clients: [client.id: client, secondClient.id: secondClient],
        knownScopes: knownScopes,
        scopeSeparators: [",", " "],
        pkce: .optional,
        requiresState: false,
        requiresScope: false
    )
}
