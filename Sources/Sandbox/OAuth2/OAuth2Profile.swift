/// Everything network-specific about one sandbox authorization server's tokens.
struct OAuth2Profile: Sendable {
    /// When a code exchange also yields a refresh token.
    enum RefreshTokens: Sendable, Equatable {
        /// Never (LinkedIn for non-partner apps, Facebook).
        case never
        /// Only when this scope was granted (X's `offline.access`).
        case withScope(String)
    }

    /// The network name used in records (`x`, `facebook`, `linkedin`).
    var network: String
    var clients: [RegisteredClient]
    /// How long an access token from a code exchange or refresh lasts; `nil` never expires.
    var accessTokenLifetime: Duration?
    var refreshTokens: RefreshTokens = .never
    /// How long a refresh token lasts; `nil` never expires on its own.
    var refreshTokenLifetime: Duration?
    var codeLifetime: Duration
    /// Prepended to tokens and codes so they look like the network's.
    var tokenPrefix: String = ""
    var codePrefix: String = ""
}

/// Tokens handed to a client after a code exchange, a refresh or a sandbox mint.
///
/// Holds secrets: it only ever goes into the response body, never into a record or a log line.
struct TokenGrant: Sendable {
    var accessToken: String
    /// Seconds until the access token expires; `nil` when it does not.
    var expiresIn: Int?
    var refreshToken: String?
    var scopes: [String]
    var subject: String
    var family: TokenFamilyID
}
