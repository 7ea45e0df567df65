/// The parts of a URL that are safe to show in logs and error messages.
///
/// Query strings carry tokens (`access_token=` on the Graph API) and the user-info part carries
/// passwords, so only scheme, host, port and path are kept. Parsing is deliberately simple and never
/// fails: a malformed URL still yields something readable and nothing secret.
struct RedactedURL: Sendable {
    /// `scheme://host:port`, or what stood before the path when the URL has no scheme.
    let origin: String
    /// `host:port`, without credentials.
    let authority: String
    /// The path, without query or fragment.
    let path: String

    init(_ url: String) {
        var rest = Substring(url)
        var scheme = ""
        if let separator = rest.range(of: "://") {
            scheme = String(rest[..<separator.lowerBound]).lowercased()
            rest = rest[separator.upperBound...]
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            authority = authority[authority.index(after: at)...]
        }
        let afterAuthority = rest[authorityEnd...]
        let pathEnd = afterAuthority.firstIndex { $0 == "?" || $0 == "#" } ?? afterAuthority.endIndex
        self.authority = String(authority)
        self.origin = scheme.isEmpty ? String(authority) : "\(scheme)://\(authority)"
        self.path = String(afterAuthority[..<pathEnd])
    }

    /// Origin and path: enough to say which endpoint was called.
    var display: String {
        origin + (path.isEmpty ? "/" : path)
    }
}
