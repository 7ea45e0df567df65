/// Base64 (RFC 4648) in Swift, so the library needs neither Foundation nor OpenSSL's BIO chains.
///
/// `encode` gives the padded standard alphabet used for OAuth 1.0a signatures; `encodeURL` the
/// unpadded URL-safe alphabet used for PKCE challenges. Decoding is strict about the alphabet
/// (no whitespace, no mixing `+/` with `-_`) because it reads keys and signatures.
public enum Base64 {
    /// Standard alphabet with `=` padding (RFC 4648 section 4).
    public static func encode(_ bytes: [UInt8]) -> String {
        encode(bytes, alphabet: standard, pad: true)
    }

    /// URL-safe alphabet without padding (RFC 4648 section 5, as RFC 7636 requires).
    public static func encodeURL(_ bytes: [UInt8]) -> String {
        encode(bytes, alphabet: urlSafe, pad: false)
    }

    /// Decodes the standard alphabet; padding may be present or omitted. `nil` when malformed.
    public static func decode(_ string: String) -> [UInt8]? {
        decode(string, table: standardTable)
    }

    /// Decodes the URL-safe alphabet; padding may be present or omitted. `nil` when malformed.
    public static func decodeURL(_ string: String) -> [UInt8]? {
        decode(string, table: urlSafeTable)
    }

    private static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlSafe = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let standardTable = reverseTable(standard)
    private static let urlSafeTable = reverseTable(urlSafe)

    /// Maps each byte to its 6-bit value, or -1 when the byte is not in the alphabet.
    private static func reverseTable(_ alphabet: [UInt8]) -> [Int8] {
        var table = [Int8](repeating: -1, count: 256)
        for (value, symbol) in alphabet.enumerated() { table[Int(symbol)] = Int8(value) }
        return table
    }

    private static func encode(_ bytes: [UInt8], alphabet: [UInt8], pad: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = min(3, bytes.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 {
                group <<= 8
                if offset < remaining { group |= UInt32(bytes[index + offset]) }
            }
            for position in 0..<(remaining + 1) {
                out.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            if pad { out.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - remaining)) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func decode(_ string: String, table: [Int8]) -> [UInt8]? {
        var symbols = Array(string.utf8)
        if let firstPad = symbols.firstIndex(of: UInt8(ascii: "=")) {
            // Padding is legal only as the last one or two symbols of a complete final quantum.
            let padding = symbols[firstPad...]
            guard symbols.count % 4 == 0, padding.count <= 2, padding.allSatisfy({ $0 == UInt8(ascii: "=") }) else {
                return nil
            }
            symbols.removeSubrange(firstPad...)
        }
        guard symbols.count % 4 != 1 else { return nil }

        var out: [UInt8] = []
        out.reserveCapacity(symbols.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for symbol in symbols {
            let value = table[Int(symbol)]
            guard value >= 0 else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        // Leftover bits must be zero, or two different strings would decode to the same bytes.
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return out
    }
}
