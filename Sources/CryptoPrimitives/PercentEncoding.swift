/// Percent-encoding as OAuth 1.0a requires it (RFC 5849 section 3.6, RFC 3986 section 2.1).
///
/// Stricter than URL encoders in general: only the unreserved set `A-Z a-z 0-9 - . _ ~` stays
/// as it is, every other UTF-8 byte becomes `%XX` with upper-case hex, and a space is `%20`,
/// never `+`. Signatures are computed over these exact bytes, so any deviation breaks them.
public enum PercentEncoding {
    /// Encodes every byte of the UTF-8 form of `s` outside the unreserved set.
    ///
    /// ```swift
    /// PercentEncoding.encode("Ladies + Gentlemen")  // "Ladies%20%2B%20Gentlemen"
    /// ```
    public static func encode(_ s: String) -> String {
        // Most of what OAuth signs (keys, tokens, timestamps, nonces) has nothing to escape; it is returned as it is.
        guard !s.utf8.allSatisfy(isUnreserved) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count * 3)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the encoded UTF-8 bytes of `s` to `out`: ``encode(_:)`` without a string of its own, for callers
    /// that build a longer text (a signature base string, an `Authorization` header) byte by byte.
    public static func append(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in append(bytes, to: &out) }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// Builds `name=value&…` with both sides encoded by ``encode(_:)``, keeping the order given.
    ///
    /// The result is a valid `application/x-www-form-urlencoded` body or query string, and
    /// decodes back to exactly the pairs that were signed.
    public static func encodeForm(_ pairs: [(String, String)]) -> String {
        pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }

    /// Whether `byte` is in RFC 3986's unreserved set.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
