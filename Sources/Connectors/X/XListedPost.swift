import Foundation
import SchedulerCore

/// Recognises our post in X's listing of an account's posts, through the two rewrites X applies to
/// the text it lists (docs.x.com/x-api/fundamentals/data-dictionary):
///
/// - every URL is replaced by a `https://t.co/…` link; `entities.urls[]` (asked for with
///   `tweet.fields=entities`) maps each `url` back to its `expanded_url`, which has `http://` in front
///   of a URL posted as a bare domain (`example.com`);
/// - `&`, `<` and `>` come back as `&amp;`, `&lt;` and `&gt;`.
///
/// The original is rebuilt by decoding those three entities (in one pass, so `&amp;lt;` becomes `&lt;`)
/// and putting each link's `expanded_url` back (with and without an added `http://`), then compared with
/// whitespace normalised. Nothing else is forgiven, so a post with nearly the same text does not match.
enum XListedPost {
    /// Links with both readings of an added `http://` tried; beyond this many, only `expanded_url` as given.
    static let variantLinkLimit = 6

    /// Whether the listed `item` (a v2 post object) is the post whose text we sent as `sent`.
    static func matches(_ item: JSONValue, sent: String) -> Bool {
        // No comparison of the text as listed: X always escapes, so `a &amp; b` listed is `a & b` posted.
        guard let listed = item["text"]?.stringValue else { return false }
        let decoded = decodeEntities(listed)
        let links = urlEntities(item)
        let target = RecentPosts.normalisedForMatching(sent)
        return rebuilt(decoded, links: links).contains { RecentPosts.normalisedForMatching($0) == target }
    }

    /// Whether the listed post answers `replyTo` (`referenced_tweets` has it as `replied_to`), or, for a post of
    /// its own, answers nothing: a thread's part is told from a post with the same text by what it replies to.
    static func answers(_ item: JSONValue, replyTo: String?) -> Bool {
        var repliedTo: String?
        if case .array(let references)? = item["referenced_tweets"] {
            repliedTo = references.first { $0["type"]?.stringValue == "replied_to" }?["id"]?.stringValue
        }
        return repliedTo == replyTo
    }

    /// Every text `listed` could have been posted as, one per choice of each link's reading.
    static func rebuilt(_ listed: String, links: [(url: String, expanded: String)]) -> [String] {
        var texts = [listed]
        for (index, link) in links.enumerated() {
            var readings = [link.expanded]
            if index < variantLinkLimit, link.expanded.lowercased().hasPrefix("http://") {
                readings.append(String(link.expanded.dropFirst("http://".count)))
            }
            texts = texts.flatMap { text in readings.map { replacingFirst(link.url, in: text, with: $0) } }
        }
        return texts
    }

    /// `entities.urls[]` as (t.co link, expanded URL); items missing either are skipped.
    static func urlEntities(_ item: JSONValue) -> [(url: String, expanded: String)] {
        guard case .array(let urls)? = item["entities"]?["urls"] else { return [] }
        return urls.compactMap { entity in
            guard let url = entity["url"]?.stringValue, let expanded = entity["expanded_url"]?.stringValue else { return nil }
            return (url, expanded)
        }
    }

    /// `&amp;`, `&lt;` and `&gt;` back to `&`, `<` and `>`, left to right in one pass.
    static func decodeEntities(_ text: String) -> String {
        let entities: [(String, String)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")]
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let tail = rest[ampersand...]
            if let (entity, character) = entities.first(where: { tail.hasPrefix($0.0) }) {
                result += character
                rest = tail.dropFirst(entity.count)
            } else {
                result += "&"
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }

    private static func replacingFirst(_ target: String, in text: String, with replacement: String) -> String {
        guard !target.isEmpty, let range = text.range(of: target) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }
}
