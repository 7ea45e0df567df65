/// Why the sandbox refused an OAuth 1.0a request.
///
/// A struct with an opaque code so new reasons never break callers; the message says what was
/// wrong in words a developer can act on, and never contains a secret or a signature.
public struct OAuth1Rejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case missingHeader = "missing_authorization_header"
            case malformedHeader = "malformed_authorization_header"
            case missingParameter = "missing_oauth_parameter"
            case unknownConsumerKey = "unknown_consumer_key"
            case unsupportedSignatureMethod = "unsupported_signature_method"
            case unsupportedVersion = "unsupported_oauth_version"
            case missingToken = "missing_token"
            case unknownToken = "unknown_token"
            case staleTimestamp = "stale_timestamp"
            case reusedNonce = "reused_nonce"
            case badSignature = "bad_signature"
            case unsupportedScheme = "unsupported_authorization_scheme"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No `Authorization` header at all.
        public static let missingHeader = Code(.missingHeader)
        /// An `Authorization` header that is not a parsable `OAuth …` header.
        public static let malformedHeader = Code(.malformedHeader)
        /// A required `oauth_*` parameter is absent or empty.
        public static let missingParameter = Code(.missingParameter)
        /// The `oauth_consumer_key` names no app the sandbox knows.
        public static let unknownConsumerKey = Code(.unknownConsumerKey)
        /// A signature method other than `HMAC-SHA1`.
        public static let unsupportedSignatureMethod = Code(.unsupportedSignatureMethod)
        /// An `oauth_version` other than `1.0`.
        public static let unsupportedVersion = Code(.unsupportedVersion)
        /// User context is required but no `oauth_token` was sent.
        public static let missingToken = Code(.missingToken)
        /// The `oauth_token` was never issued (or was revoked).
        public static let unknownToken = Code(.unknownToken)
        /// `oauth_timestamp` is further from the server clock than the tolerance allows.
        public static let staleTimestamp = Code(.staleTimestamp)
        /// The same consumer, token and nonce were already used inside the tolerance window.
        public static let reusedNonce = Code(.reusedNonce)
        /// The signature does not match the request.
        public static let badSignature = Code(.badSignature)
        /// An `Authorization` scheme this endpoint does not (yet) accept, such as `Bearer`.
        public static let unsupportedScheme = Code(.unsupportedScheme)

        public var description: String { base.rawValue }
    }

    /// The machine-readable reason.
    public var code: Code
    /// A sentence saying what was wrong.
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
