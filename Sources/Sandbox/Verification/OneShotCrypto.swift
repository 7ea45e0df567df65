import CCrypto

/// The sandbox's own crypto primitives, through libcrypto's one-shot calls (`HMAC`, `SHA256`,
/// `EVP_EncodeBlock`).
///
/// The client signs through CryptoPrimitives' `Digest` and `Base64`; the emulation checks with these,
/// so a bug in the client's crypto plumbing (a wrong digest, a base64 slip, an empty key sent as NULL)
/// is refused instead of being mirrored on both sides.
enum OneShotCrypto {
    /// HMAC-SHA1 of `data` under `key`: 20 bytes.
    static func hmacSHA1(key: [UInt8], data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 20)
        var length: UInt32 = 0
        // A zero-length key must still be a valid pointer: HMAC() reads NULL as "no key at all".
        let keyBytes = key.isEmpty ? [0] : key
        let dataBytes = data.isEmpty ? [0] : data
        let result = keyBytes.withUnsafeBufferPointer { keyPointer in
            dataBytes.withUnsafeBufferPointer { dataPointer in
                HMAC(EVP_sha1(), keyPointer.baseAddress, Int32(key.count), dataPointer.baseAddress, data.count, &digest, &length)
            }
        }
        precondition(result != nil && length == 20, "libcrypto HMAC(SHA-1) failed")
        return digest
    }

    /// SHA-256 of `data`: 32 bytes.
    static func sha256(_ data: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = data.isEmpty ? [0] : data
        let result = bytes.withUnsafeBufferPointer { SHA256($0.baseAddress, data.count, &digest) }
        precondition(result != nil, "libcrypto SHA256 failed")
        return digest
    }

    /// Standard base64 with padding (RFC 4648 §4), as OAuth 1.0a signatures are written.
    static func base64(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "" }
        // EVP_EncodeBlock writes 4 characters per 3 bytes and a terminating NUL.
        var output = [UInt8](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        let written = bytes.withUnsafeBufferPointer { EVP_EncodeBlock(&output, $0.baseAddress, Int32(bytes.count)) }
        return String(decoding: output.prefix(Int(written)), as: UTF8.self)
    }

    /// base64url without padding (RFC 4648 §5), as PKCE challenges are written.
    static func base64URL(_ bytes: [UInt8]) -> String {
        var text = ""
        for character in base64(bytes) {
            switch character {
            case "+": text.append("-")
            case "/": text.append("_")
            case "=": continue
            default: text.append(character)
            }
        }
        return text
    }
}
