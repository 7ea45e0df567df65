/// Percent-decoding for OAuth header values, query strings and form bodies.
///
/// Two rules about `+` coexist, and mixing them up breaks signatures:
/// - ``decode(_:)`` is plain RFC 3986 decoding: `+` stays `+`. OAuth header values are
///   encoded per RFC 5849 section 3.6, where a space is always `%20`.
/// - ``decodeFormComponent(_:)`` and ``parseForm(_:)`` follow `application/x-www-form-urlencoded`:
///   `+` means a space. RFC 5849 section 3.4.1.3.1 parses both the query and a form body this
///   way, so `?q=a+b` is signed as `q=a%20b`; a literal plus must arrive as `%2B`.
public enum PercentDecoding {
    /// Decodes `%XX` escapes (either hex case) and leaves every other byte, `+` included, as is.
    ///
    /// Returns `nil` for a truncated or non-hex escape, or when the bytes are not valid UTF-8.
    public static func decode(_ s: String) -> String? {
        decode(s, plusIsSpace: false)
    }

    /// Decodes one name or value of a query string or form body: `+` is a space, then `%XX`.
    public static func decodeFormComponent(_ s: String) -> String? {
        decode(s, plusIsSpace: true)
    }

    /// Splits a query string or `application/x-www-form-urlencoded` body into decoded pairs.
    ///
    /// Order and duplicates are kept (both matter to OAuth signing). Empty segments (`a=1&&b=2`)
    /// are skipped; a segment without `=` is a name with an empty value. Returns `nil` when any
    /// component is not decodable. A leading `?` is not stripped: pass the query without it.
    public static func parseForm(_ body: String) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        for segment in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeFormComponent(String(parts[0])),
                let value = decodeFormComponent(parts.count > 1 ? String(parts[1]) : "")
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    private static func decode(_ s: String, plusIsSpace: Bool) -> String? {
        let bytes = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        // Invalid UTF-8 would be replaced by U+FFFD, so a lossless round trip means it was valid.
        let decoded = String(decoding: out, as: UTF8.self)
        return decoded.utf8.elementsEqual(out) ? decoded : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
