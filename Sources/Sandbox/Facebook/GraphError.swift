#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// A Graph API error (each with a fresh `fbtrace_id`), shaped as Facebook sends it: `{"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}`.
///
/// Graph answers HTTP 400 for almost every error and puts the meaning in `code` and `error_subcode`;
/// token and code errors also carry a `WWW-Authenticate: OAuth "Facebook Platform" …` header.
struct GraphError: Error, Sendable, Encodable {
    private var error: GraphErrorBody
    /// The HTTP status; not part of the body.
    var status: Int = 400
    /// The `WWW-Authenticate` error word (`invalid_token`, `invalid_code`, `invalid_request`); not part of the body.
    var challenge: String?
    /// A stable code for the rejected-request record; not part of the body.
    var reasonCode: String
    /// Why, in the sandbox's words, when Graph's message is vaguer; only in the rejected record.
    var sandboxDetail: String?

    init(_ message: String, code: Int, subcode: Int? = nil, type: String = "OAuthException", challenge: String? = nil, reasonCode: String) {
        self.error = GraphErrorBody(message: message, type: type, code: code, errorSubcode: subcode, fbtraceID: SecureRandom.alphanumeric(11))
        self.challenge = challenge
        self.reasonCode = reasonCode
    }

    /// An error with the person-facing `error_user_title` and `error_user_msg` Instagram adds.
    init(_ message: String, code: Int, subcode: Int?, userTitle: String, userMessage: String, isTransient: Bool = false, reasonCode: String) {
        self.init(message, code: code, subcode: subcode, reasonCode: reasonCode)
        error.isTransient = isTransient
        error.errorUserTitle = userTitle
        error.errorUserMsg = userMessage
    }

    enum CodingKeys: String, CodingKey {
        case error
    }

    var message: String { error.message }
    /// What the rejected record says: Graph's message, and the sandbox's detail when there is one.
    var recordedReason: String { sandboxDetail.map { "\(error.message) (\($0))" } ?? error.message }
    var code: Int { error.code }
    var subcode: Int? { error.errorSubcode }

    /// The `WWW-Authenticate` value Graph sends with token and code errors.
    var wwwAuthenticate: String? {
        challenge.map { "OAuth \"Facebook Platform\" \"\($0)\" \"\(error.message.replacingOccurrences(of: "\"", with: "'"))\"" }
    }
}

extension GraphError {
    /// 2500: `/me` without a token.
    static var missingUserToken: GraphError { GraphError("An active access token must be used to query information about the current user.", code: 2500, reasonCode: "missing_token") }
    /// 104: any other node without a token.
    static var missingToken: GraphError { GraphError("An access token is required to request this resource.", code: 104, reasonCode: "missing_token") }
    /// 190: a token Graph never issued.
    static var malformedToken: GraphError { GraphError("Invalid OAuth access token - Cannot parse access token", code: 190, challenge: "invalid_token", reasonCode: "unknown_token") }
    /// 1: the app secret is wrong (Graph reports it as code 1).
    static var wrongClientSecret: GraphError { GraphError("Error validating client secret.", code: 1, reasonCode: "invalid_client") }
    /// 101: the app id is unknown.
    static var unknownApplication: GraphError { GraphError("Error validating application. Invalid application ID.", code: 101, reasonCode: "invalid_client") }
    /// 10: the token was not granted the permission this needs.
    static var permissionDenied: GraphError { GraphError("(#10) Application does not have permission for this action", code: 10, reasonCode: "insufficient_scope") }

    /// 190/463: the token expired.
    static func expired(at expiresAt: Date, now: Date) -> GraphError {
        GraphError(
            "Error validating access token: Session has expired on \(SandboxTimestamp.rfc3339(expiresAt)). The current time is \(SandboxTimestamp.rfc3339(now)).",
            code: 190, subcode: 463, challenge: "invalid_token", reasonCode: "expired_token"
        )
    }

    /// 190/458: the person removed the app, which revoked every token it had.
    static func appRemoved(appID: String) -> GraphError {
        GraphError("Error validating access token: The user has not authorized application \(appID).", code: 190, subcode: 458, challenge: "invalid_token", reasonCode: "revoked_token")
    }

    /// 100/33: the node does not exist or this token may not see it.
    static func unsupportedGet(_ id: String) -> GraphError {
        GraphError(
            "Unsupported get request. Object with ID '\(id)' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api",
            code: 100, subcode: 33, type: "GraphMethodException", reasonCode: "unknown_object"
        )
    }

    /// 100: a field the node type does not have.
    static func nonexistingField(_ field: String, nodeType: String) -> GraphError {
        GraphError("(#100) Tried accessing nonexisting field (\(field)) on node type (\(nodeType))", code: 100, reasonCode: "unknown_field")
    }

    /// 2500: a path that is not a Graph path (or an unknown version).
    static func unknownPath(_ path: String) -> GraphError {
        GraphError("Unknown path components: \(path)", code: 2500, reasonCode: "unknown_path")
    }

    /// 100: a required parameter is missing or wrong.
    static func invalidParameter(_ message: String) -> GraphError {
        GraphError(message, code: 100, challenge: "invalid_request", reasonCode: "invalid_request")
    }

    /// The Graph rendering of a refused token or code.
    static func from(_ refusal: OAuth2Refusal, appID: String, now: Date) -> GraphError {
        switch refusal.code {
        case .unknownCode, .clientMismatch:
            GraphError("Invalid verification code format.", code: 100, challenge: "invalid_code", reasonCode: refusal.code.description)
        case .expiredCode:
            GraphError("This authorization code has expired.", code: 100, subcode: 36007, challenge: "invalid_code", reasonCode: refusal.code.description)
        case .reusedCode:
            GraphError("This authorization code has been used.", code: 100, subcode: 36009, challenge: "invalid_code", reasonCode: refusal.code.description)
        case .redirectMismatch:
            GraphError(
                "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
                code: 100, subcode: 36008, challenge: "invalid_code", reasonCode: refusal.code.description
            )
        case .missingVerifier, .verifierMismatch:
            GraphError("Invalid code verifier.", code: 100, challenge: "invalid_code", reasonCode: refusal.code.description)
        case .revokedToken:
            .appRemoved(appID: appID)
        case .expiredToken:
            .expired(at: refusal.expiredAt ?? now, now: now)
        case .unknownToken, .missingToken:
            .malformedToken
        case .invalidClient:
            .wrongClientSecret
        default:
            .invalidParameter(refusal.message)
        }
    }
}
