import CryptoPrimitives

/// The parts of a request URL that OAuth 1.0a signing needs, split without Foundation.
///
/// Deliberately small: it understands `scheme://[userinfo@]host[:port][/path][?query][#fragment]`,
/// including bracketed IPv6 hosts, and nothing else. It never percent-decodes the path, because
/// the base string URI is built from the path as it is sent.
struct RequestURL: Sendable {
    var scheme: String
    var host: String
    var port: String?
    var path: String
    var query: String?

    /// Splits `url`; `nil` when it has no `scheme://`.
    ///
    /// Searched byte by byte in its UTF-8: every delimiter is ASCII, so each index found is a character boundary.
    /// The searches by `Character` this replaced took 3.5 µs a URL, a sixth of signing a request.
    init?(_ url: String) {
        guard let schemeEnd = Self.firstSchemeSeparator(in: url.utf8) else { return nil }
        scheme = String(url[..<schemeEnd])
        var rest = url[url.utf8.index(schemeEnd, offsetBy: 3)...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: question)...])
            rest = rest[..<question]
        }
        let pathStart = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        path = String(rest[pathStart...])
        var authority = rest[..<pathStart]
        if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) { authority = authority[authority.utf8.index(after: at)...] }
        (host, port) = Self.splitHostPort(authority)
    }

    /// Where the first `://` starts.
    private static func firstSchemeSeparator(in utf8: String.UTF8View) -> String.Index? {
        var index = utf8.startIndex
        while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let rest = utf8[utf8.index(after: colon)...]
            if rest.starts(with: "//".utf8) { return colon }
            index = utf8.index(after: colon)
        }
        return nil
    }

    /// Separates the port, minding that an IPv6 literal (`[::1]:8080`) contains colons itself.
    private static func splitHostPort(_ authority: Substring) -> (String, String?) {
        let searchFrom = authority.utf8.lastIndex(of: UInt8(ascii: "]")) ?? authority.startIndex
        guard let colon = authority.utf8[searchFrom...].lastIndex(of: UInt8(ascii: ":")) else { return (String(authority), nil) }
        return (String(authority[..<colon]), String(authority[authority.utf8.index(after: colon)...]))
    }

    /// RFC 5849 section 3.4.1.2: lower-case scheme and host, default port dropped, path or `/`.
    var baseURI: String {
        let scheme = Self.lowercased(scheme)
        var result = scheme + "://" + Self.lowercased(host)
        if let port, !port.isEmpty, port != Self.defaultPort(for: scheme) {
            result += ":" + port
        }
        return result + (path.isEmpty ? "/" : path)
    }

    /// `text` lower-cased, returned as it is when it has no upper-case ASCII letter: hosts almost never have one,
    /// and `lowercased()` builds a new string either way.
    private static func lowercased(_ text: String) -> String {
        text.utf8.contains { UInt8(ascii: "A") <= $0 && $0 <= UInt8(ascii: "Z") } || !text.utf8.allSatisfy { $0 < 0x80 }
            ? text.lowercased() : text
    }

    private static func defaultPort(for scheme: String) -> String? {
        switch scheme {
        case "http": "80"
        case "https": "443"
        default: nil
        }
    }

    /// The query's pairs decoded as RFC 5849 section 3.4.1.3.1 says (`+` is a space).
    ///
    /// Lenient because signing cannot fail: a component with a broken escape is signed as it
    /// appears, which is what a server that does not decode it would see too.
    var queryParameters: [(String, String)] {
        guard let query else { return [] }
        return query.split(separator: "&").map { segment in
            let parts = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            return (
                PercentDecoding.decodeFormComponent(name) ?? name,
                PercentDecoding.decodeFormComponent(value) ?? value
            )
        }
    }
}
