import Foundation

extension HTTPRequest {
    /// Removes from `text` anything of this request that may be secret: header values (and the
    /// tokens inside them), the URL's query and user info.
    ///
    /// libcurl's error texts name hosts and ports, not headers; this is the second line of defence
    /// that keeps an `Authorization` value out of a message even if some version starts quoting one.
    func scrubbed(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }

    /// Longest first, so a whole value is masked before any of its parts.
    private var secrets: [String] {
        var found: Set<String> = []
        for header in headers where header.value.count >= 4 {
            found.insert(header.value)
            let parts = header.value.split { " ,;=\"".contains($0) }
            for part in parts where part.count >= 8 {
                found.insert(String(part))
            }
        }
        if let query = url.firstIndex(of: "?").map({ url[url.index(after: $0)...] }), !query.isEmpty {
            found.insert(String(query))
        }
        if let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") {
            let userInfo = url[scheme.upperBound..<at]
            if !userInfo.isEmpty { found.insert(String(userInfo)) }
        }
        return found.sorted { $0.count > $1.count }
    }
}
