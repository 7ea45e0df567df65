/// One revocation: which network, why, and how many live tokens it ended; never the tokens themselves.
public struct TokenRevocation: Codable, Sendable, Equatable {
    /// What caused the revocation.
    public enum Reason: String, Codable, Sendable {
        /// The client called the network's revoke endpoint (RFC 7009, or X's OAuth 1.0a `invalidate_token`).
        case revokeEndpoint = "revoke_endpoint"
        /// A rotated (already used) refresh token was presented again, so its whole family was revoked.
        case refreshReuse = "refresh_reuse"
        /// An authorization code was redeemed twice, so the tokens issued from it were revoked (RFC 6749 §4.1.2).
        case codeReuse = "code_reuse"
        /// The person removed the app (`DELETE /me/permissions` on Facebook).
        case permissionsDeleted = "permissions_deleted"
    }

    /// The emulated network (`x`, `facebook`, `linkedin`).
    public var network: String
    /// When it happened, RFC 3339 UTC with milliseconds.
    public var revokedAt: String
    /// The `token_type_hint` the client sent, if any.
    public var tokenTypeHint: String?
    public var reason: Reason
    /// How many tokens that still worked stopped working (0 for an unknown or already revoked token).
    public var tokensRevoked: Int

    public init(network: String, revokedAt: String, tokenTypeHint: String? = nil, reason: Reason, tokensRevoked: Int) {
        self.network = network
        self.revokedAt = revokedAt
        self.tokenTypeHint = tokenTypeHint
        self.reason = reason
        self.tokensRevoked = tokensRevoked
    }

    enum CodingKeys: String, CodingKey {
        case network
        case revokedAt = "revoked_at"
        case tokenTypeHint = "token_type_hint"
        case reason
        case tokensRevoked = "tokens_revoked"
    }
}
