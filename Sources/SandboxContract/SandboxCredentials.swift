/// Fixed, deliberately public app credentials for the sandbox networks.
///
/// The sandbox stands in for each network's developer portal, where an app is registered and gets
/// its keys. These values are not secrets: they let `schedulerd --sandbox` and the tests sign
/// requests and run OAuth flows without anyone registering anything. Every sandbox app accepts any
/// loopback redirect (RFC 8252): `http://127.0.0.1:PORT/…`, `http://localhost:PORT/…` or `http://[::1]:PORT/…`.
///
/// Here, apart from the emulation, so `schedulerd` signs with exactly the values `sandboxd` checks without carrying
/// the emulation itself.
public enum SandboxCredentials {
    /// The consumer (API) key of the sandbox X app, for OAuth 1.0a.
    public static let xConsumerKey = "sandbox-x-consumer-key"
    /// The consumer (API) secret of the sandbox X app; public on purpose, it only opens the sandbox.
    public static let xConsumerSecret = "sandbox-x-consumer-secret-not-a-real-secret"

    /// The OAuth 2.0 client id of the sandbox X app registered as a confidential client ("Web App").
    public static let xClientID = "c2FuZGJveC14LWNsaWVudA"
    /// That client's secret; it authenticates with HTTP Basic at the token and revoke endpoints.
    public static let xClientSecret = "sandbox-x-client-secret-not-a-real-secret"
    /// The OAuth 2.0 client id of a second sandbox X app registered as a public client ("Native App"):
    /// no secret, `client_id` in the form body, PKCE alone protects the code.
    public static let xPublicClientID = "c2FuZGJveC14LXB1YmxpYw"

    /// The sandbox Facebook app's id (`client_id`); it also reaches Instagram through Graph.
    public static let facebookAppID = "1000000000000001"
    /// The sandbox Facebook app's secret, sent as `client_secret` in the query.
    public static let facebookAppSecret = "sandbox-facebook-app-secret-not-a-real-secret"

    /// The sandbox LinkedIn app's client id.
    public static let linkedinClientID = "86sandboxlinkedin"
    /// The sandbox LinkedIn app's secret, sent as `client_secret` in the form body.
    public static let linkedinClientSecret = "sandbox-linkedin-client-secret-not-a-real-secret"

    /// The sandbox Threads app's id and secret (the emulation's `ThreadsOAuth` keeps the same values).
    public static let threadsAppID = "2000000000000001"
    public static let threadsAppSecret = "sandbox-threads-app-secret-not-a-real-secret"

    /// The domain of the sandbox's 500-character Mastodon instance, whose helpers mint tokens; the other is `long.sandbox`.
    public static let mastodonDomain = "mastodon.sandbox"
}
