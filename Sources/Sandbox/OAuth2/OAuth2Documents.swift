/// The RFC 6749 §5.1 token response, as X and LinkedIn send it.
///
/// Holds secrets: it is only ever a response body.
struct OAuth2TokenDocument: Encodable, Sendable {
    var tokenType: String?
    var expiresIn: Int?
    var accessToken: String
    var scope: String?
    var refreshToken: String?

    enum CodingKeys: String, CodingKey {
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case accessToken = "access_token"
        case scope
        case refreshToken = "refresh_token"
    }
}

/// The RFC 6749 §5.2 error response: `{"error": …, "error_description": …}`.
struct OAuth2ErrorDocument: Encodable, Sendable {
    var error: String
    var errorDescription: String?

    init(error: String, description: String?) {
        self.error = error
        self.errorDescription = description
    }

    /// The RFC 6749 rendering of a refusal.
    init(_ refusal: OAuth2Refusal) {
        self.init(error: refusal.code.rfcError, description: refusal.message)
    }

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}
