/// The parameters of an `Authorization: OAuth …` header (RFC 5849 §3.5.1), read by the sandbox's own
/// parser: the scheme `OAuth` (any case), then `name="value"` pairs separated by commas, each side
/// percent-decoded.
enum OAuthHeaderFields {
    /// Every pair in order (`realm` included), or nil when the header is not that shape.
    static func parse(_ header: String) -> [(String, String)]? {
        var rest = header.drop { $0 == " " || $0 == "\t" }
        let scheme = rest.prefix { $0 != " " && $0 != "\t" }
        guard scheme.lowercased() == "oauth" else { return nil }
        rest = rest.dropFirst(scheme.count)
        guard rest.first == " " || rest.first == "\t" else { return nil }
        var pairs: [(String, String)] = []
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)...].first == "\"" else { return nil }
            let rawName = rest[..<equals]
            let valueStart = rest.index(equals, offsetBy: 2)
            guard let quote = rest[valueStart...].firstIndex(of: "\"") else { return nil }
            let rawValue = rest[valueStart..<quote]
            guard !rawName.isEmpty, rawName.allSatisfy(Self.isNameCharacter), rawValue.allSatisfy(Self.isValueCharacter),
                  let name = RFC3986.decode(rawName, plusIsSpace: false), let value = RFC3986.decode(rawValue, plusIsSpace: false)
            else { return nil }
            pairs.append((name, value))
            rest = rest[rest.index(after: quote)...].drop { $0 == " " || $0 == "\t" }
            if rest.isEmpty { return pairs }
            guard rest.first == "," else { return nil }
            rest = rest.dropFirst()
        }
    }

    /// RFC 5849 encodes names with the unreserved set, so `%` escapes and unreserved characters only.
    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "%" || (character.isASCII && character.asciiValue.map(RFC3986.isUnreserved) == true)
    }

    /// Visible ASCII without a quote or a backslash: what an encoded value can hold.
    private static func isValueCharacter(_ character: Character) -> Bool {
        guard let value = character.asciiValue else { return false }
        return value >= 0x21 && value <= 0x7E && character != "\"" && character != "\\"
    }
}
