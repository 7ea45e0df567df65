import Hummingbird

/// An XRPC error as a PDS answers it: an HTTP status and the body `{"error": "<Name>", "message": "…"}`
/// (atproto.com/specs/xrpc, "Error Responses").
struct XRPCError: Error, Encodable, Sendable, Equatable {
    /// The HTTP status; not part of the body.
    var status: Int
    var error: String
    var message: String

    enum CodingKeys: String, CodingKey {
        case error, message
    }

    /// 400 `InvalidRequest`: a parameter or the record is wrong; `message` names what.
    static func invalidRequest(_ message: String) -> XRPCError {
        XRPCError(status: 400, error: "InvalidRequest", message: message)
    }

    /// 401 `AuthMissing`: no bearer token at all.
    static let authMissing = XRPCError(status: 401, error: "AuthMissing", message: "Authentication Required")
    /// 401 `AuthenticationRequired`: createSession with a wrong or revoked password (the PDS says no more than this).
    static let invalidCredentials = XRPCError(status: 401, error: "AuthenticationRequired", message: "Invalid identifier or password")
    /// 400 `InvalidToken`: a token this PDS never issued, or one used for the wrong purpose.
    static func invalidToken(_ message: String = "Token could not be verified") -> XRPCError {
        XRPCError(status: 400, error: "InvalidToken", message: message)
    }
    /// 400 `ExpiredToken`: an access or refresh token past its lifetime.
    static let expiredToken = XRPCError(status: 400, error: "ExpiredToken", message: "Token has expired")
    /// 400 `ExpiredToken`: a refresh token whose app password was revoked, or an old one past its grace period.
    static let revokedToken = XRPCError(status: 400, error: "ExpiredToken", message: "Token has been revoked")
    /// 429 `RateLimitExceeded`.
    static let rateLimited = XRPCError(status: 429, error: "RateLimitExceeded", message: "Rate Limit Exceeded")
    /// 500: what the reference PDS answers today for a create at an rkey that is taken (see ``BlueskyRepository``).
    static let internalServerError = XRPCError(status: 500, error: "InternalServerError", message: "Internal Server Error")

    /// 400 `RecordNotFound` for the record at `uri`.
    static func recordNotFound(_ uri: String) -> XRPCError {
        XRPCError(status: 400, error: "RecordNotFound", message: "Could not locate record: \(uri)")
    }

    /// 400 `BlobTooLarge`.
    static func blobTooLarge(limit: Int) -> XRPCError {
        XRPCError(status: 400, error: "BlobTooLarge", message: "This file is too large. The maximum size is \(limit) bytes.")
    }

    /// The error as an HTTP response, with extra headers (the rate-limit ones) when given.
    func response(headers: HTTPFields = [:]) -> Response {
        Response.json(self, status: .init(code: status), headers: headers)
    }
}
