import CCrypto

/// Hashes and MACs computed by libcrypto, so the project has a single crypto stack.
///
/// These functions do not throw: libcrypto only fails here when it is out of memory or a
/// provider is missing, and then the process stops rather than continue without a digest.
public enum Digest {
    /// SHA-256 of `data` (32 bytes); used for the PKCE S256 challenge.
    public static func sha256(_ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = data.withNonNullBytes { bytes, count in
            EVP_Digest(bytes, count, &out, &length, EVP_sha256(), nil)
        }
        guard ok == 1 else { LibCrypto.fatal("EVP_Digest(SHA-256)") }
        return Array(out.prefix(Int(length)))
    }

    /// SHA-256 of `data` as lowercase hex (64 characters): how media files, inbox runs and tile servers are named.
    /// `bytes` keeps only the first that many bytes of the digest (a short name), all 32 by default.
    public static func sha256Hex(_ data: [UInt8], bytes: Int = 32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in sha256(data).prefix(bytes) { hex += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
        return String(decoding: hex, as: UTF8.self)
    }

    /// HMAC-SHA1 of `data` under `key` (20 bytes); the OAuth 1.0a signature primitive.
    public static func hmacSHA1(key: [UInt8], data: [UInt8]) -> [UInt8] {
        hmac(EVP_sha1(), name: "HMAC(SHA-1)", key: key, data: data)
    }

    /// HMAC-SHA256 of `data` under `key` (32 bytes).
    public static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8] {
        hmac(EVP_sha256(), name: "HMAC(SHA-256)", key: key, data: data)
    }

    private static func hmac(_ md: OpaquePointer?, name: String, key: [UInt8], data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard key.count <= Int(Int32.max) else { LibCrypto.fatal("\(name) (key too long)") }
        let result = key.withNonNullBytes { keyBytes, keyCount in
            data.withNonNullBytes { dataBytes, dataCount in
                HMAC(md, keyBytes, Int32(keyCount), dataBytes, dataCount, &out, &length)
            }
        }
        guard result != nil else { LibCrypto.fatal(name) }
        return Array(out.prefix(Int(length)))
    }
}
