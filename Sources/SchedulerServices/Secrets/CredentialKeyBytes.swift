
/// The credential key's bytes, for `schedctl backup` only; never shown by `print`, a log line or an error.
package struct CredentialKeyBytes: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    package let bytes: [UInt8]
    package var description: String { "<credential key>" }
    package var debugDescription: String { description }
}
