/// The credential key's bytes, for `schedctl backup` only; never shown by `print`, a log line or an error.
struct CredentialKeyBytes: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let bytes: [UInt8]
    var description: String { "<credential key>" }
    var debugDescription: String { description }
}
