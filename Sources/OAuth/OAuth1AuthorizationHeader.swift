import CryptoPrimitives

/// Reads the `Authorization: OAuth …` header of an incoming request (RFC 5849 section 3.5.1).
///
/// Exists for the verifying side (the sandbox emulation). It is strict, because a lenient parser
/// in a test server would hide a client that sends headers real networks reject.
public enum OAuth1AuthorizationHeader {
    /// The `oauth_*` parameters of `header`, in order, names and values percent-decoded.
    ///
    /// Accepts `OAuth name="value", name="value"` with the scheme in any case and optional
    /// spaces or tabs around the commas. `realm` and other names without the `oauth_` prefix are
    /// left out (they are not signed).
    ///
    /// - Throws: ``OAuthError`` with code ``OAuthError/Code/malformedHeader`` when the scheme is
    ///   not OAuth, a parameter is not `name="value"`, an escape is broken, a name repeats
    ///   (RFC 5849 section 3.1 forbids it), or no `oauth_` parameter is present. Messages never
    ///   quote values.
    public static func parse(_ header: String) throws(OAuthError) -> [(String, String)] {
        var reader = Reader(Array(header.utf8))
        reader.skipWhitespace()
        guard reader.readToken().lowercased() == "oauth", reader.skipWhitespace() > 0 else {
            throw malformed("the scheme is not OAuth followed by parameters")
        }
        var pairs: [(String, String)] = []
        var seen = Set<String>()
        repeat {
            let position = pairs.count + 1
            let (name, value) = try parameter(&reader, position: position)
            guard seen.insert(name).inserted else { throw malformed("parameter \(position) repeats a name") }
            if name.hasPrefix("oauth_") { pairs.append((name, value)) }
            reader.skipWhitespace()
        } while reader.consume(UInt8(ascii: ","))
        guard reader.isAtEnd else { throw malformed("unexpected text after parameter \(seen.count)") }
        guard !pairs.isEmpty else { throw malformed("it carries no oauth_ parameters") }
        return pairs
    }

    /// Reads one `name="value"` and decodes both halves.
    private static func parameter(_ reader: inout Reader, position: Int) throws(OAuthError) -> (String, String) {
        reader.skipWhitespace()
        let rawName = reader.readToken()
        guard !rawName.isEmpty, reader.consume(UInt8(ascii: "=")), reader.consume(UInt8(ascii: "\"")) else {
            throw malformed("parameter \(position) is not name=\"value\"")
        }
        guard let rawValue = reader.readQuoted() else {
            throw malformed("parameter \(position) has an unterminated or invalid quoted value")
        }
        guard let name = PercentDecoding.decode(rawName), let value = PercentDecoding.decode(rawValue) else {
            throw malformed("parameter \(position) has an invalid percent-escape")
        }
        return (name, value)
    }

    private static func malformed(_ reason: String) -> OAuthError {
        OAuthError(code: .malformedHeader, message: "The Authorization header is malformed: \(reason).")
    }

    /// A cursor over the header's bytes.
    private struct Reader {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { index == bytes.count }

        /// Skips spaces and tabs; returns how many.
        @discardableResult
        mutating func skipWhitespace() -> Int {
            let start = index
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
            return index - start
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Reads a scheme or parameter name: unreserved characters and `%` escapes.
        mutating func readToken() -> String {
            let start = index
            while index < bytes.count, PercentEncoding.isUnreserved(bytes[index]) || bytes[index] == UInt8(ascii: "%") {
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Reads up to the closing quote (consumed); `nil` if it is missing or a byte is not visible ASCII.
        ///
        /// Backslash escapes are refused: encoded values never need them.
        mutating func readQuoted() -> String? {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                let byte = bytes[index]
                guard byte >= 0x21, byte <= 0x7E, byte != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }
}
