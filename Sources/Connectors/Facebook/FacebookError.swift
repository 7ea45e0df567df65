import OAuth
import SchedulerCore

/// Facebook Graph's error object (`{"error": {"message", "type", "code", "error_subcode"}}`), as the OAuth client
/// reads it from Facebook's token endpoint (``FacebookLogin`` passes ``reader`` in its configuration).
///
/// Facebook signals almost everything with a numeric code rather than the HTTP status, and
/// reports a wrong client secret as code 1 (otherwise "transient"), so the message is read too.
struct FacebookError: Sendable {
    var code: Int?
    var subcode: Int?
    var message: String?

    /// Reads a body whose `error` is an object; `nil` for any other shape, which the OAuth client then reads itself.
    static let reader: OAuth2ErrorReader = { fields in
        guard case .object(let facebook)? = fields["error"] else { return nil }
        return FacebookError(fields: facebook).body
    }

    init(fields: [String: JSONValue]) {
        code = fields["code"]?.integer
        subcode = fields["error_subcode"]?.integer
        message = fields["message"]?.text
    }

    var body: OAuth2ErrorBody {
        var identifier = "facebook:" + (code.map(String.init) ?? "unknown")
        if let subcode { identifier += "/\(subcode)" }
        return OAuth2ErrorBody(code: mappedCode, identifier: identifier, serverMessage: message, hint: hint)
    }

    private var mappedCode: OAuthError.Code? {
        let text = message?.lowercased() ?? ""
        if code == 101 || text.contains("client secret") || text.contains("app secret") || text.contains("application id") {
            return .invalidClient
        }
        switch (code, subcode) {
        case (190, _), (102, _), (100, 36007), (100, 36009): return .invalidGrant
        case (100, _): return .invalidRequest
        case (1, _), (2, _): return .serverError
        case (4, _), (17, _), (32, _), (613, _): return .rateLimited
        case (10, _), (368, _): return .accessDenied
        case (let code?, _) where (200...299).contains(code): return .accessDenied
        default: return nil
        }
    }

    /// What a subcode of 190 means for the person, from Facebook's error reference.
    private var hint: String? {
        switch (code, subcode) {
        case (190, 458): "The person removed the app from their Facebook account."
        case (190, 459): "The person must log in at facebook.com to clear a security checkpoint."
        case (190, 460): "The person changed their Facebook password."
        case (190, 463): "The token expired."
        case (190, 464): "The person must confirm their Facebook account."
        case (100, 36007): "The authorization code expired."
        case (100, 36009): "The authorization code was already used."
        case (100, 36008): "The redirect_uri differs from the one used in the authorization URL."
        default: nil
        }
    }
}
