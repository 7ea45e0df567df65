/// A credential the sandbox handed out, without its value, so a test can count and date what was issued.
public struct IssuedToken: Codable, Sendable, Equatable {
    /// What kind of credential was issued.
    public enum Kind: String, Codable, Sendable {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case oauth1Token = "oauth1_token"
    }

    /// The emulated network (`x`, `facebook`, `linkedin`).
    public var network: String
    public var kind: Kind
    /// When it was issued, RFC 3339 UTC with milliseconds.
    public var issuedAt: String
    /// When it stops working, or `nil` when it never expires on its own.
    public var expiresAt: String?
    /// How it was obtained: `authorization_code`, `refresh_token`, `fb_exchange_token`, `page_token`,
    /// `oauth1_access_token` or `sandbox_mint`.
    public var grant: String

    public init(network: String, kind: Kind, issuedAt: String, expiresAt: String? = nil, grant: String) {
        self.network = network
        self.kind = kind
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.grant = grant
    }

    enum CodingKeys: String, CodingKey {
        case network, kind
        case issuedAt = "issued_at"
        case expiresAt = "expires_at"
        case grant
    }
}
