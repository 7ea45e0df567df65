import Foundation
import Hummingbird
import SchedulerServices

/// Where signing in leads: back to the page the browser was sent away from (`/login?next=/posts/12`), so a link to a
/// post opened in a signed-out browser lands on the post. Only a path of this site is followed; anything else leads to
/// Today, so a link made by someone else cannot use the sign-in page to send a person to their site (an open redirect).
package enum WebNext {
    package static let home = "/"

    /// `candidate` when it is a path of this site, else `/`. A path starts with one `/`: `//host` and `/\host` are other
    /// hosts to a browser, `https:` and `javascript:` are not paths, and whitespace or a control character is refused
    /// whole, since browsers drop tabs and newlines from a URL (`/<TAB>/host` becomes `//host`).
    package static func safe(_ candidate: String?) -> String {
        guard let candidate, candidate.hasPrefix("/"), candidate.utf8.count <= 2_048 else { return home }
        let second = candidate.dropFirst().first
        guard second != "/", second != "\\", !candidate.contains("\\") else { return home }
        guard candidate.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !$0.properties.isWhitespace }) else { return home }
        return candidate
    }

    /// Where a browser that is not signed in is sent: the sign-in page, told the session ended when one was carried,
    /// and told where to come back to when it asked for a page (a GET of anything but Today; a change posted is not a
    /// page to come back to).
    package static func login(from request: Request, ended: Bool) -> String {
        var query: [String] = ended ? ["ended=1"] : []
        let path = request.uri.path
        if request.method == .get || request.method == .head, path != home {
            let target = path + (request.uri.query.map { "?" + $0 } ?? "")
            if safe(target) == target { query.append("next=" + encode(target)) }
        }
        return query.isEmpty ? "/login" : "/login?" + query.joined(separator: "&")
    }

    /// `next`'s value in a query: `/`, `?` and the path's own characters kept readable; `&`, `=`, `+`, `#` and `%` encoded.
    package static func encode(_ target: String) -> String {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#%"))
        return target.addingPercentEncoding(withAllowedCharacters: allowed) ?? home
    }
}
