/// An error from sealing or libcrypto: a stable ``Code`` to branch on and a message a person can act on.
///
/// The code wraps a private enum, so new codes can be added without breaking callers that `switch` over them (they
/// compare against the static members instead). Messages and descriptions never contain keys, plaintext or sealed bytes.
public struct CryptoError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as an opaque value compared with `==` against the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidKey, sealedDataRejected, cryptoFailure
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// A key of the wrong length or shape was supplied.
        public static let invalidKey = Code(.invalidKey)
        /// Sealed data could not be opened: wrong key, altered bytes, wrong associated data or an unknown format.
        public static let sealedDataRejected = Code(.sealedDataRejected)
        /// libcrypto reported an unexpected failure; ``CryptoError/openSSLErrorCode`` keeps its code.
        public static let cryptoFailure = Code(.cryptoFailure)

        public var description: String {
            "\(base)"
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
        var text = "CryptoError.\(code): \(message)"
        if let openSSLErrorCode { text += " (OpenSSL error 0x\(String(openSSLErrorCode, radix: 16)))" }
        return text
    }
}
