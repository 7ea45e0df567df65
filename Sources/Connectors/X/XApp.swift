/// Where X lives and which app is calling. The sandbox points both hosts at its emulation.
public struct XApp: Sendable {
    /// `https://api.x.com`: the API, the token endpoints and OAuth 1.0a's request and access tokens.
    public var apiBaseURL: String
    /// `https://x.com`: where a person approves an OAuth 2.0 authorization.
    public var authBaseURL: String
    /// OAuth 1.0a consumer key and secret (publishing with imported or PIN-linked tokens).
    public var consumerKey: String?
    public var consumerSecret: String?
    /// OAuth 2.0 client id and secret (confidential client, HTTP Basic).
    public var clientID: String?
    public var clientSecret: String?

    public init(apiBaseURL: String = "https://api.x.com", authBaseURL: String = "https://x.com", consumerKey: String? = nil,
                consumerSecret: String? = nil, clientID: String? = nil, clientSecret: String? = nil) {
        self.apiBaseURL = apiBaseURL.trimmingTrailingSlash
        self.authBaseURL = authBaseURL.trimmingTrailingSlash
        self.consumerKey = consumerKey; self.consumerSecret = consumerSecret
        self.clientID = clientID; self.clientSecret = clientSecret
    }

    /// The scopes a publishing account needs; `offline.access` brings a refresh token.
    static let scopes = ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"]
}
