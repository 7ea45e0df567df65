/// An error from the OAuth library: a stable ``Code`` to branch on and a message a person can act on.
///
/// The code wraps a private enum, so new codes can be added without breaking callers that
/// `switch` over them (they compare against the static members instead). Messages and
/// descriptions never contain secrets: no keys, tokens, plaintext or signatures.
public struct OAuthError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as an opaque value compared with `==` against the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case malformedHeader
            case invalidKey
            case sealedDataRejected
            case cryptoFailure
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// An `Authorization` header that is not a well-formed OAuth 1.0a header.
        public static let malformedHeader = Code(.malformedHeader)
        /// A key of the wrong length or shape was supplied.
        public static let invalidKey = Code(.invalidKey)
        /// Sealed data could not be opened: wrong key, altered bytes, wrong associated data or an unknown format.
        public static let sealedDataRejected = Code(.sealedDataRejected)
        /// libcrypto reported an unexpected failure; ``OAuthError/openSSLErrorCode`` keeps its code.
        public static let cryptoFailure = Code(.cryptoFailure)

        public var description: String {
            switch base {
            case .malformedHeader: "malformedHeader"
            case .invalidKey: "invalidKey"
            case .sealedDataRejected: "sealedDataRejected"
            case .cryptoFailure: "cryptoFailure"
            }
        }
    }

    /// The kind of failure, for callers to branch on.
    public var code: Code
    /// A human-readable explanation; never contains secret material.
    public var message: String
    /// The first code from OpenSSL's error queue (`ERR_get_error`) when libcrypto failed, for diagnosis.
    public var openSSLErrorCode: UInt?

    public init(code: Code, message: String, openSSLErrorCode: UInt? = nil) {
        self.code = code
        self.message = message
        self.openSSLErrorCode = openSSLErrorCode
    }

    public var description: String {
        if let openSSLErrorCode {
            return "OAuthError.\(code): \(message) (OpenSSL error 0x\(String(openSSLErrorCode, radix: 16)))"
        }
        return "OAuthError.\(code): \(message)"
    }
}
