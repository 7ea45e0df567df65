/// A LinkedIn REST error: `{"status", "serviceErrorCode", "code", "message"}`.
struct LinkedInError: Error, Sendable, Encodable {
    var status: Int
    var serviceErrorCode: Int
    var code: String?
    var message: String
    /// A stable code for the rejected-request record; not part of the body.
    var reasonCode: String
    /// Why, in the sandbox's words, when LinkedIn's message is vaguer; only in the rejected record.
    var sandboxDetail: String? = nil

    /// What the rejected record says.
    var recordedReason: String { sandboxDetail.map { "\(message) (\($0))" } ?? message }

    enum CodingKeys: String, CodingKey {
        case status, serviceErrorCode, code, message
    }

    /// No `Authorization` header, or an empty token.
    static let emptyToken = LinkedInError(status: 401, serviceErrorCode: 401, code: nil, message: "Empty oauth2_access_token", reasonCode: "missing_token")
    /// A token LinkedIn never issued.
    static let invalidToken = LinkedInError(status: 401, serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN", message: "Invalid access token", reasonCode: "unknown_token")
    /// An expired token.
    static let expiredToken = LinkedInError(status: 401, serviceErrorCode: 65601, code: "EXPIRED_ACCESS_TOKEN", message: "The token used in the request has expired", reasonCode: "expired_token")
    /// A revoked token.
    static let revokedToken = LinkedInError(status: 401, serviceErrorCode: 65602, code: "REVOKED_ACCESS_TOKEN", message: "The token used in the request has been revoked by the user", reasonCode: "revoked_token")

    /// 403: the token lacks a permission the resource needs.
    static func accessDenied(_ resource: String) -> LinkedInError {
        LinkedInError(status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED", message: "Not enough permissions to access: \(resource)", reasonCode: "insufficient_scope")
    }

    /// 400: a `/rest/` call without `LinkedIn-Version`.
    static let versionMissing = LinkedInError(status: 400, serviceErrorCode: 0, code: "VERSION_MISSING", message: "A version must be present. Please specify a version by adding the LinkedIn-Version header.", reasonCode: "version_missing")

    /// 426: a `LinkedIn-Version` that is retired, not yet released, or not `YYYYMM` (or `YYYYMM.RR`). LinkedIn
    /// echoes the month as `YYYYMM01` ("Requested version 20250401 is not active").
    static func nonexistentVersion(_ version: String) -> LinkedInError {
        let echoed = version.count == 6 && version.allSatisfy(\.isNumber) ? version + "01" : version
        return LinkedInError(status: 426, serviceErrorCode: 0, code: "NONEXISTENT_VERSION", message: "Requested version \(echoed) is not active",
                             reasonCode: "nonexistent_version")
    }

    /// 400: a query parameter is missing or not one the finder takes.
    static func illegalArgument(_ message: String) -> LinkedInError {
        LinkedInError(status: 400, serviceErrorCode: 100, code: "ILLEGAL_ARGUMENT", message: message, reasonCode: "invalid_request")
    }

    /// 404: no such entity.
    static func notFound(_ message: String) -> LinkedInError {
        LinkedInError(status: 404, serviceErrorCode: 0, code: "NOT_FOUND", message: message, reasonCode: "not_found")
    }

    /// The resource error for a refused access token.
    static func from(_ refusal: OAuth2Refusal) -> LinkedInError {
        switch refusal.code {
        case .expiredToken: .expiredToken
        case .revokedToken: .revokedToken
        default: .invalidToken
        }
    }
}
