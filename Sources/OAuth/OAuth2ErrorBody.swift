import HTTPClient
import JSONValue

/// A network's own error shape, read before the standard ones: given the body's top-level object, its reading, or
/// `nil` when the body is not in that shape (Facebook Graph's reader lives with the Facebook connector).
public typealias OAuth2ErrorReader = @Sendable (_ fields: [String: JSONValue]) -> OAuth2ErrorBody?

/// The error a server put in a response body, in whichever shape the network uses.
///
/// Two shapes are understood here: RFC 6749 section 5.2 (`{"error": "invalid_grant",
/// "error_description": …}`, also used by X and LinkedIn's token endpoint) and LinkedIn's REST errors
/// (`{"status", "serviceErrorCode", "code", "message"}`); problem details (`title`, `detail`) are
/// read for their text. A network with a shape of its own (Facebook Graph's `{"error": {"message",
/// "code", "error_subcode"}}`) reads it with the ``OAuth2ClientConfiguration/errorReader`` it passes in.
/// Each is reduced to an ``OAuthError/Code`` a caller can act on.
public struct OAuth2ErrorBody: Sendable, Equatable {
    /// The library's reading of the error.
    var code: OAuthError.Code?
    /// The server's identifier, for ``OAuthError/serverErrorCode``: `invalid_grant`,
    /// `facebook:190/463`, `linkedin:REVOKED_ACCESS_TOKEN`.
    var identifier: String?
    /// The RFC 6749 `error` value itself, which the device flow reads (`authorization_pending`).
    var rfcError: String?
    /// The server's explanation, unredacted: only ever shown through a ``SecretRedactor``.
    var serverMessage: String?
    /// A sentence added for a code the reader knows (Facebook subcodes).
    var hint: String?

    public init(
        code: OAuthError.Code? = nil,
        identifier: String? = nil,
        rfcError: String? = nil,
        serverMessage: String? = nil,
        hint: String? = nil
    ) {
        self.code = code
        self.identifier = identifier
        self.rfcError = rfcError
        self.serverMessage = serverMessage
        self.hint = hint
    }

    /// Reads `body`, with the network's own `reader` first; `nil` when it is not a JSON object with a recognisable error.
    static func parse(_ body: [UInt8], reader: OAuth2ErrorReader? = nil) -> OAuth2ErrorBody? {
        guard let fields = JSONValue.object(from: body) else { return nil }
        return parse(fields: fields, reader: reader)
    }

    static func parse(fields: [String: JSONValue], reader: OAuth2ErrorReader? = nil) -> OAuth2ErrorBody? {
        if let reader, let read = reader(fields) {
            return read
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

    private static func linkedIn(_ fields: [String: JSONValue]) -> OAuth2ErrorBody {
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
