/// Percent-encoding and form decoding as the sandbox reads them, written apart from the client's
/// `PercentEncoding` and `PercentDecoding` so the two check each other.
enum RFC3986 {
    /// RFC 5849 §3.6: UTF-8, every byte outside `ALPHA DIGIT - . _ ~` as `%XX` with upper-case hex.
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                encoded += "%" + hex(byte >> 4) + hex(byte & 0x0F)
            }
        }
        return encoded
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// `%XX` escapes decoded (and `+` as a space when `plusIsSpace`); nil for a broken escape or bytes that are not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(nibble), let low = iterator.next().flatMap(nibble) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `a=1&b=2` into ordered, decoded pairs (`+` is a space, as in any form body); nil when an escape is broken.
    ///
    /// RFC 5849 §3.4.1.3.1 reads both the query and a form body this way.
    static func formPairs(_ text: Substring) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        for field in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0], plusIsSpace: true), let value = decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true) else {
                return nil
            }
            pairs.append((name, value))
        }
        return pairs
    }

    private static func hex(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10))
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
