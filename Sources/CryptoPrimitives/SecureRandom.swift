import CCrypto

/// Unpredictable bytes and strings from libcrypto's CSPRNG (`RAND_bytes`).
///
/// Used for OAuth nonces, PKCE verifiers, `state` values and SecretBox keys and nonces. If the
/// generator cannot produce output the process stops: predictable values would be a silent hole.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "SecureRandom.bytes: negative count")
        guard count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let chunk = min(count - filled, Int(Int32.max))
            let ok = out.withUnsafeMutableBufferPointer { buffer in
                RAND_bytes(buffer.baseAddress! + filled, Int32(chunk))
            }
            guard ok == 1 else { LibCrypto.fatal("RAND_bytes") }
            filled += chunk
        }
        return out
    }

    /// `count` characters drawn uniformly from `A-Z a-z 0-9`; the OAuth 1.0a nonce alphabet.
    public static func alphanumeric(_ count: Int) -> String {
        string(count, from: alphanumerics)
    }

    /// `count` characters drawn uniformly from `alphabet` (2...256 ASCII bytes).
    ///
    /// Uses rejection sampling rather than `byte % alphabet.count`, which would favour the
    /// first characters whenever 256 is not a multiple of the alphabet size.
    public static func string(_ count: Int, from alphabet: [UInt8]) -> String {
        precondition(alphabet.count >= 2 && alphabet.count <= 256, "SecureRandom: alphabet size")
        let limit = 256 - 256 % alphabet.count
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            for byte in bytes(count - result.count + 16) where Int(byte) < limit {
                result.append(alphabet[Int(byte) % alphabet.count])
                if result.count == count { break }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    static let alphanumerics: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
}
