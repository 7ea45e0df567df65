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
    init?(_ url: String) {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        scheme = String(url[..<schemeEnd.lowerBound])
        var rest = url[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
        path = String(rest[pathStart...])
        var authority = rest[..<pathStart]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        (host, port) = Self.splitHostPort(authority)
    }

    /// Separates the port, minding that an IPv6 literal (`[::1]:8080`) contains colons itself.
    private static func splitHostPort(_ authority: Substring) -> (String, String?) {
        let searchFrom = authority.lastIndex(of: "]") ?? authority.startIndex
        guard let colon = authority[searchFrom...].lastIndex(of: ":") else { return (String(authority), nil) }
        return (String(authority[..<colon]), String(authority[authority.index(after: colon)...]))
    }

    /// RFC 5849 section 3.4.1.2: lower-case scheme and host, default port dropped, path or `/`.
    var baseURI: String {
        let scheme = scheme.lowercased()
        var result = scheme + "://" + host.lowercased()
        if let port, !port.isEmpty, port != Self.defaultPort(for: scheme) {
            result += ":" + port
        }
        return result + (path.isEmpty ? "/" : path)
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
