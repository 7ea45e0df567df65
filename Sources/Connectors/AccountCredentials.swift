import Foundation

/// The secrets one account publishes with. Only ever stored sealed; `description` never shows them.
public struct AccountCredentials: Sendable, Equatable, Codable, CustomStringConvertible {
    /// How requests are authorised.
    public enum Scheme: String, Sendable, Codable {
        /// OAuth 1.0a user context (X): `token` and `tokenSecret`, signed with the app's consumer secret.
        case oauth1
        /// An OAuth 2.0 bearer token (for a Facebook Page or an Instagram account: the Page token).
        case oauth2
        /// No token at all: an Instagram handoff account.
        case none
    }

    public var scheme: Scheme
    public var token: String
    public var tokenSecret: String?
    public var refreshToken: String?
    /// When `token` stops working; nil when the network gave no expiry.
    public var expiresAt: Date?
    /// The user token a Page token was derived from (Facebook, Instagram), kept to revoke the grant.
    public var userToken: String?
    public var scopes: [String]
    /// The account's own server, where it has one of its own: a Bluesky account's PDS, a Mastodon account's instance.
    public var serviceURL: String?
    /// The app the token was granted to, where each server has its own (Mastodon): needed to revoke the token.
    public var clientID: String?
    public var clientSecret: String?

    public init(scheme: Scheme, token: String, tokenSecret: String? = nil, refreshToken: String? = nil, expiresAt: Date? = nil,
                userToken: String? = nil, scopes: [String] = [], serviceURL: String? = nil) {
        self.serviceURL = serviceURL
        self.scheme = scheme
        self.token = token
        self.tokenSecret = tokenSecret
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.userToken = userToken
        self.scopes = scopes
    }

    public static func oauth1(token: String, tokenSecret: String) -> AccountCredentials {
        AccountCredentials(scheme: .oauth1, token: token, tokenSecret: tokenSecret)
    }

    public static func oauth2(accessToken: String, refreshToken: String?, expiresAt: Date?, scopes: [String] = []) -> AccountCredentials {
        AccountCredentials(scheme: .oauth2, token: accessToken, refreshToken: refreshToken, expiresAt: expiresAt, scopes: scopes)
    }

    /// A handoff account publishes nothing itself and holds no secret.
    public static let none = AccountCredentials(scheme: .none, token: "")

    /// True when the token is expired or expires within `margin` of `now`.
    public func expires(within margin: TimeInterval, of now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin
    }

    public var description: String {
        "AccountCredentials(\(scheme.rawValue), token: ***\(tokenSecret == nil ? "" : ", tokenSecret: ***")"
            + "\(refreshToken == nil ? "" : ", refreshToken: ***")\(userToken == nil ? "" : ", userToken: ***")\(clientSecret == nil ? "" : ", clientSecret: ***")"
            + ", expiresAt: \(expiresAt.map { "\($0)" } ?? "none"))"
    }

    private enum CodingKeys: String, CodingKey {
        case scheme, token, tokenSecret = "token_secret", refreshToken = "refresh_token", expiresAt = "expires_at"
        case userToken = "user_token", scopes, serviceURL = "service_url"
        case clientID = "client_id", clientSecret = "client_secret"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scheme = try container.decode(Scheme.self, forKey: .scheme)
        token = try container.decode(String.self, forKey: .token)
        tokenSecret = try container.decodeIfPresent(String.self, forKey: .tokenSecret)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        expiresAt = try container.decodeIfPresent(Double.self, forKey: .expiresAt).map(Date.init(timeIntervalSince1970:))
        userToken = try container.decodeIfPresent(String.self, forKey: .userToken)
        scopes = try container.decodeIfPresent([String].self, forKey: .scopes) ?? []
        serviceURL = try container.decodeIfPresent(String.self, forKey: .serviceURL)
        clientID = try container.decodeIfPresent(String.self, forKey: .clientID)
        clientSecret = try container.decodeIfPresent(String.self, forKey: .clientSecret)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scheme, forKey: .scheme)
        try container.encode(token, forKey: .token)
        try container.encodeIfPresent(tokenSecret, forKey: .tokenSecret)
        try container.encodeIfPresent(refreshToken, forKey: .refreshToken)
        try container.encodeIfPresent(expiresAt?.timeIntervalSince1970, forKey: .expiresAt)
        try container.encodeIfPresent(userToken, forKey: .userToken)
        if !scopes.isEmpty { try container.encode(scopes, forKey: .scopes) }
        try container.encodeIfPresent(serviceURL, forKey: .serviceURL)
        try container.encodeIfPresent(clientID, forKey: .clientID)
        try container.encodeIfPresent(clientSecret, forKey: .clientSecret)
    }
}
