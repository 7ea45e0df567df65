import CryptoPrimitives

/// The redirect URIs every sandbox app is registered with: loopback, any port (RFC 8252 §7.3).
///
/// Real networks compare against the URIs registered in the developer portal; the sandbox apps are
/// registered with "any loopback port", which is what a native client such as `schedctl` needs.
/// Anything else is refused with an error page, never a redirect (RFC 6749 §4.1.2.1: an
/// unverified redirect URI must not receive the user agent).
enum LoopbackRedirectURI {
    /// Whether `uri` is `http://127.0.0.1[:PORT]/…`, `http://localhost[:PORT]/…` or `http://[::1][:PORT]/…`,
    /// with no user info and no fragment.
    static func isAllowed(_ uri: String) -> Bool {
        guard uri.count <= 2_048, uri.lowercased().hasPrefix("http://"), !uri.contains("#") else { return false }
        let rest = uri.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard !authority.contains("@") else { return false }
        let (host, port) = split(authority)
        guard ["127.0.0.1", "localhost", "[::1]"].contains(host.lowercased()) else { return false }
        if let port {
            guard !port.isEmpty, port.allSatisfy(\.isASCII), let number = Int(port), (1...65_535).contains(number) else { return false }
        }
        return uri.allSatisfy { $0.isASCII && !$0.isWhitespace }
    }

    /// `uri` with `parameters` added to its query (keeping any query it has), then `fragment` if given.
    static func appending(_ parameters: [(String, String)], to uri: String, fragment: String? = nil) -> String {
        let query = PercentEncoding.encodeForm(parameters)
        var result = uri + (uri.contains("?") ? "&" : "?") + query
        if let fragment { result += "#" + fragment }
        return result
    }

    private static func split(_ authority: Substring) -> (Substring, Substring?) {
        let searchFrom = authority.lastIndex(of: "]") ?? authority.startIndex
        guard let colon = authority[searchFrom...].lastIndex(of: ":") else { return (authority, nil) }
        return (authority[..<colon], authority[authority.index(after: colon)...])
    }
}
