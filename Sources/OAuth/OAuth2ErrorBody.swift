import HTTPClient

/// The error a server put in a response body, in whichever shape the network uses.
///
/// Three shapes are understood: RFC 6749 section 5.2 (`{"error": "invalid_grant",
/// "error_description": …}`, also used by X and LinkedIn's token endpoint), Facebook Graph
/// (`{"error": {"message", "type", "code", "error_subcode"}}`) and LinkedIn's REST errors
/// (`{"status", "serviceErrorCode", "code", "message"}`); problem details (`title`, `detail`) are
/// read for their text. Each is reduced to an ``OAuthError/Code`` a caller can act on.
struct OAuth2ErrorBody: Sendable, Equatable {
    /// The library's reading of the error.
    var code: OAuthError.Code?
    /// The server's identifier, for ``OAuthError/serverErrorCode``: `invalid_grant`,
    /// `facebook:190/463`, `linkedin:REVOKED_ACCESS_TOKEN`.
    var identifier: String?
    /// The RFC 6749 `error` value itself, which the device flow reads (`authorization_pending`).
    var rfcError: String?
    /// The server's explanation, unredacted: only ever shown through a ``SecretRedactor``.
    var serverMessage: String?
    /// A sentence this library adds for a code it knows (Facebook subcodes).
    var hint: String?

    /// Reads `body`; `nil` when it is not a JSON object with a recognisable error.
    static func parse(_ body: [UInt8]) -> OAuth2ErrorBody? {
        guard let fields = OAuthJSON.object(from: body) else { return nil }
        return parse(fields: fields)
    }

    static func parse(fields: [String: OAuthJSON]) -> OAuth2ErrorBody? {
        if case .object(let facebook)? = fields["error"] {
            return FacebookError(fields: facebook).body
        }
        if let error = fields["error"]?.text, !error.isEmpty {
            return rfc6749(error: error, description: fields["error_description"]?.text)
        }
        if fields["serviceErrorCode"] != nil || (fields["code"]?.text != nil && fields["message"]?.text != nil) {
            return linkedIn(fields)
        }
        if let detail = fields["detail"]?.text ?? fields["title"]?.text {
            return OAuth2ErrorBody(identifier: fields["type"]?.text, serverMessage: detail)
        }
        return nil
    }

    /// Maps an RFC 6749 / 7009 / 8628 `error` value.
    static func rfc6749(error: String, description: String?) -> OAuth2ErrorBody {
        var code = code(forRFCError: error)
        // X answers a used or revoked refresh token with `invalid_request` ("Value passed for the
        // token was invalid"), LinkedIn an expired code likewise; both mean: link again.
        if code == .invalidRequest, let description, describesDeadGrant(description) {
            code = .invalidGrant
        }
        return OAuth2ErrorBody(code: code, identifier: error, rfcError: error, serverMessage: description)
    }

    static func code(forRFCError error: String) -> OAuthError.Code? {
        switch error {
        case "invalid_grant", "invalid_token": .invalidGrant
        case "invalid_client", "unauthorized_client": .invalidClient
        case "invalid_request", "invalid_scope", "unsupported_grant_type", "unsupported_response_type",
            "unsupported_token_type", "invalid_redirect_uri":
            .invalidRequest
        case "expired_token": .expiredToken
        case "server_error", "temporarily_unavailable": .serverError
        case "authorization_pending", "slow_down": .invalidResponse
        case _ where error.contains("denied") || error.contains("cancel"): .accessDenied
        default: nil
        }
    }

    private static func describesDeadGrant(_ description: String) -> Bool {
        let text = description.lowercased()
        let aboutGrant = text.contains("token") || text.contains("authorization code")
        return aboutGrant && ["invalid", "expired", "revoked", "used"].contains { text.contains($0) }
    }

    private static func linkedIn(_ fields: [String: OAuthJSON]) -> OAuth2ErrorBody {
        let code = fields["code"]?.text
        let service = fields["serviceErrorCode"]?.text
        let mapped: OAuthError.Code? =
            switch code {
            case "EXPIRED_ACCESS_TOKEN", "REVOKED_ACCESS_TOKEN", "INVALID_ACCESS_TOKEN": .invalidGrant
            case "ACCESS_DENIED": .accessDenied
            case "TOO_MANY_REQUESTS": .rateLimited
            default: nil
            }
        return OAuth2ErrorBody(
            code: mapped,
            identifier: "linkedin:" + (code ?? service ?? "unknown"),
            serverMessage: fields["message"]?.text
        )
    }
}
