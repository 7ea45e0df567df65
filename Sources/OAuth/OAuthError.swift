/// An error from the OAuth library: a stable ``Code`` to branch on and a message a person can act on.
///
/// The code wraps a private enum, so new codes can be added without breaking callers that
/// `switch` over them (they compare against the static members instead). Messages and
/// descriptions never contain secrets: no tokens, codes, verifiers, client secrets or signatures.
/// Text quoted from a server is shortened and has every secret of the request masked as `***`.
public struct OAuthError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as an opaque value compared with `==` against the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case malformedHeader
            case stateMismatch, accessDenied, invalidRedirect, invalidGrant, invalidClient, invalidRequest
            case serverError, rateLimited, transport, invalidResponse, expiredToken, cancelled
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// An `Authorization` header that is not a well-formed OAuth 1.0a header.
        public static let malformedHeader = Code(.malformedHeader)
        /// The `state` of a redirect is missing or is not the one this authorization started with:
        /// the redirect belongs to another attempt, or someone is trying to plant their own code.
        public static let stateMismatch = Code(.stateMismatch)
        /// The person refused (or cancelled) the authorization, or the server denied access.
        public static let accessDenied = Code(.accessDenied)
        /// What was pasted or caught is not the redirect of this authorization (another flow, another
        /// redirect URI, no code, not a URL).
        public static let invalidRedirect = Code(.invalidRedirect)
        /// The authorization code, refresh token or token was refused as invalid, expired, used or
        /// revoked: the account must be linked again.
        public static let invalidGrant = Code(.invalidGrant)
        /// The server does not accept the client's credentials or lets it use this grant: a
        /// configuration problem (client ID, secret, authentication style, app settings).
        public static let invalidClient = Code(.invalidClient)
        /// The server refused the request's shape (`invalid_request`, `invalid_scope`,
        /// `unsupported_grant_type`…) or the configuration lacks an endpoint: fix the configuration.
        public static let invalidRequest = Code(.invalidRequest)
        /// The server failed or is temporarily unavailable; trying again later may work.
        public static let serverError = Code(.serverError)
        /// The server asked the client to slow down (HTTP 429, or a network's own codes such as Graph's 4, 17, 32, 613).
        public static let rateLimited = Code(.rateLimited)
        /// The server could not be reached or the connection failed; see ``OAuthError/requestMayHaveBeenSent``.
        public static let transport = Code(.transport)
        /// The server answered something this library cannot read (not JSON, no access token…).
        public static let invalidResponse = Code(.invalidResponse)
        /// The device code expired before the person approved it (RFC 8628 `expired_token`).
        public static let expiredToken = Code(.expiredToken)
        /// The calling task was cancelled.
        public static let cancelled = Code(.cancelled)

        public var description: String {
            "\(base)"
        }
    }

    /// The kind of failure, for callers to branch on.
    public var code: Code
    /// A human-readable explanation; never contains secret material.
    public var message: String
    /// The HTTP status the server answered with, when it answered.
    public var httpStatus: Int?
    /// The error identifier the server sent (`invalid_grant`, `facebook:190/463`,
    /// `linkedin:REVOKED_ACCESS_TOKEN`), for logs and support; never secret.
    public var serverErrorCode: String?
    /// For ``Code/transport`` and ``Code/cancelled``: false only when the request certainly never
    /// left the machine. A token request that may have been sent can have used up a single-use
    /// code or refresh token, so the caller must not assume the old one still works.
    public var requestMayHaveBeenSent: Bool
    /// The error that caused this one (an `HTTPClientError`, …); its description is free of secrets.
    public var cause: (any Error)?

    public init(
        code: Code,
        message: String,
        httpStatus: Int? = nil,
        serverErrorCode: String? = nil,
        requestMayHaveBeenSent: Bool = false,
        cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
        self.serverErrorCode = serverErrorCode
        self.requestMayHaveBeenSent = requestMayHaveBeenSent
        self.cause = cause
    }

    public var description: String {
        var text = "OAuthError.\(code): \(message)"
        var details: [String] = []
        if let httpStatus { details.append("HTTP \(httpStatus)") }
        if let serverErrorCode { details.append(serverErrorCode) }
        if !details.isEmpty { text += " (\(details.joined(separator: ", ")))" }
        return text
    }
}
