/// A status's text as the `content` HTML Mastodon's plain-text formatter makes of it.
///
/// HTML special characters escaped, a paragraph per blank-line-separated block (`<p>…</p>`), `<br />` for each
/// other line break, and, when listings rewrite text (``ListingBehaviour/rewritesText``, on by default as on the real
/// network), each link an anchor whose scheme is hidden. A client that looks for its own status by text must read it
/// back out of this HTML, as it must on a real instance.
enum MastodonContent {
    static func html(_ text: String, linkingURLs: Bool) -> String {
        let normalized = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\n")
        let characters = Array(normalized)
        var body = ""
        var position = 0
        for range in linkingURLs ? MastodonTextCounter.linkRanges(in: characters) : [] {
            body += escape(String(characters[position..<range.lowerBound])) + anchor(String(characters[range]))
            position = range.upperBound
        }
        body += escape(String(characters[position...]))
        let paragraphs = body.split(separator: "\n\n", omittingEmptySubsequences: true)
        return paragraphs.map { "<p>" + String($0.replacing("\n", with: "<br />")) + "</p>" }.joined()
    }

    /// `<a href="…" target="_blank" rel="nofollow noopener" translate="no"><span class="invisible">https://</span>…</a>`.
    private static func anchor(_ url: String) -> String {
        let schemeEnd = url.firstRange(of: "://").map { url[..<$0.upperBound] } ?? ""
        let rest = url.dropFirst(schemeEnd.count)
        return "<a href=\"\(escape(url))\" target=\"_blank\" rel=\"nofollow noopener\" translate=\"no\">"
            + "<span class=\"invisible\">\(escape(String(schemeEnd)))</span><span class=\"\">\(escape(String(rest)))</span>"
            + "<span class=\"invisible\"></span></a>"
    }

    /// Ruby's `html_escape`: `&`, `<`, `>`, `"` and `'`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
