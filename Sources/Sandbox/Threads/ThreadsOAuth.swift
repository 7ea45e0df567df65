import SandboxContract

/// The sandbox Threads app's registration: its ids and secrets, the permissions, and the token lifetimes
/// (docs/research/threads.md §1).
///
/// A Meta app has two id/secret pairs; Threads takes only the Threads pair, so the Facebook sandbox app's id is
/// refused here as the Meta app id would be. Like every sandbox app it accepts any loopback redirect URI (the real
/// one needs an `https` URI registered in the dashboard; a loopback daemon could not receive it).
enum ThreadsOAuth {
    /// The sandbox Threads app id (`client_id`); public on purpose, it only opens the sandbox.
    static let appID = SandboxCredentials.threadsAppID
    /// The sandbox Threads app secret (`client_secret`).
    static let appSecret = SandboxCredentials.threadsAppSecret
    /// A second app, so a token of one app can be shown to the other.
    static let secondAppID = "2000000000000002"
    static let secondAppSecret = "sandbox-second-threads-app-secret"

    /// A short-lived token, from the code exchange: one hour.
    static let shortLivedLifetime = Duration.seconds(3_600)
    /// A long-lived token, from `th_exchange_token` or `th_refresh_token`: 60 days.
    static let longLivedLifetime = Duration.seconds(5_184_000)
    /// A long-lived token can be refreshed once it is this old: 24 hours.
    static let refreshableAfter = Duration.seconds(86_400)

    /// Every grant must include this.
    static let baseScope = "threads_basic"
    /// What `POST /_sandbox/threads/tokens` grants unless told otherwise: what posting a self-thread and reading it back need.
    static let publishingScopes = ["threads_basic", "threads_content_publish", "threads_manage_replies", "threads_read_replies"]
    /// The permissions a Threads app may request.
    static let knownScopes: Set<String> = [
        "threads_basic", "threads_content_publish", "threads_read_replies", "threads_manage_replies", "threads_manage_insights",
        "threads_keyword_search", "threads_manage_mentions", "threads_profile_discovery", "threads_share_to_instagram", "threads_delete",
    ]
    /// Permissions that let an app reply to posts whose root it does not own (§9).
    static let replyAnywhereScopes: Set<String> = ["threads_keyword_search", "threads_manage_mentions"]

    static let client = RegisteredClient(id: appID, secret: appSecret, authentication: .parameters)
    static let secondClient = RegisteredClient(id: secondAppID, secret: secondAppSecret, authentication: .parameters)
    /// The Meta (Facebook) app id, which a client may send by mistake.
    static let metaAppID = SandboxCredentials.facebookAppID

    /// Code exchanges yield short-lived tokens and no refresh token: Threads refreshes the access token itself.
    static func profile(_ configuration: SandboxConfiguration) -> OAuth2Profile {
        OAuth2Profile(
            network: "threads",
            clients: [client, secondClient],
            accessTokenLifetime: configuration.accessTokenLifetime ?? shortLivedLifetime,
            refreshTokens: .never,
            codeLifetime: configuration.authorizationCodeLifetime,
            tokenPrefix: "THQV",
            codePrefix: "AQB"
        )
    }

    /// How long a long-lived token lasts, with the configuration's override.
    static func longLived(_ configuration: SandboxConfiguration) -> Duration {
        configuration.accessTokenLifetime ?? longLivedLifetime
    }

    /// The authorization window: `client_id`, `redirect_uri`, `scope` and `response_type=code` required, `state`
    /// optional, scopes separated by commas or spaces; PKCE is not documented, so a challenge is ignored.
    static let policy = AuthorizationPolicy(
        clients: [client.id: client, secondClient.id: secondClient],
        knownScopes: knownScopes,
        scopeSeparators: [",", " "],
        pkce: .ignored,
        requiresState: false,
        requiresScope: true
    )

    /// The grants that make a long-lived token, the only kind `th_refresh_token` takes.
    static let longLivedGrants: Set<String> = ["th_exchange_token", "th_refresh_token", "sandbox_mint"]
}
