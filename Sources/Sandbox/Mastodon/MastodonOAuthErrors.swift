/// The OAuth endpoints' errors, worded as Doorkeeper words them: `{"error": <RFC 6749 code>, "error_description": …}`.
///
/// Doorkeeper's descriptions are generic ("…invalid, expired, revoked…"), so the precise reason goes into the
/// sandbox's record only, as ``MastodonError/detail``.
enum MastodonOAuthErrors {
    static func invalidClient(_ detail: String) -> MastodonError {
        MastodonError(
            status: 401, error: "invalid_client",
            errorDescription: "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
            reasonCode: "invalid_client", detail: detail
        )
    }

    /// A code refused by the ledger: unknown, spent, expired, another client's, another redirect URI, a wrong verifier.
    static func invalidGrant(_ refusal: OAuth2Refusal) -> MastodonError {
        MastodonError(
            status: 400, error: "invalid_grant",
            errorDescription: "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.",
            reasonCode: refusal.code.description, detail: refusal.message
        )
    }

    static func invalidScope(_ detail: String) -> MastodonError {
        MastodonError(status: 400, error: "invalid_scope", errorDescription: "The requested scope is invalid, unknown, or malformed.",
                      reasonCode: "invalid_scope", detail: detail)
    }

    static func invalidRequest(missing name: String) -> MastodonError {
        MastodonError(
            status: 400, error: "invalid_request",
            errorDescription: "Missing required parameter: \(name).", reasonCode: "invalid_request", detail: "\(name) is required."
        )
    }

    static func unsupportedGrantType(_ given: String) -> MastodonError {
        MastodonError(
            status: 400, error: "unsupported_grant_type",
            errorDescription: "The authorization grant type is not supported by the authorization server.",
            reasonCode: "unsupported_grant_type", detail: "grant_type \"\(given)\"; use authorization_code or client_credentials."
        )
    }

    static let notYourToken = MastodonError(
        status: 403, error: "unauthorized_client", errorDescription: "You are not authorized to revoke this token", reasonCode: "unauthorized_client"
    )
}
