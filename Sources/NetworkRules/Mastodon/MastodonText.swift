import Foundation
import SchedulerCore

/// How a Mastodon instance counts a status (its `StatusLengthValidator`): extended grapheme clusters of the content
/// warning and the text together, where a link with a scheme (`http://`, `https://`) counts as the instance's reserved
/// length whatever its own, and a mention of a remote account (`@runner@example.social`) counts only `@runner`.
/// A bare `example.com` counts in full, as do hashtags and custom emoji. Exactly the limit is allowed.
public enum MastodonText {
    public static func count(_ text: String, contentWarning: String = "", limits: MastodonInstanceLimits = .init()) -> Int {
        contentWarning.count + countable(text, urlLength: limits.charactersReservedPerURL).count
    }

    /// The instance's text limit as ``TextRules``: the content warning, where the post has one, counts with the text
    /// (each part of a thread carries it, so each part is counted with it).
    public static func rules(_ limits: MastodonInstanceLimits, contentWarning: String = "") -> TextRules {
        var rules = TextRules(maxLength: limits.maxCharacters) { count($0, contentWarning: contentWarning, limits: limits) }
        if !contentWarning.isEmpty { rules.counted = "the text and its content warning count" }
        return rules
    }

    /// The images an instance takes: as many as it says, of the types every instance converts, 16 MB each (Mastodon's
    /// default `image_size_limit`, kept until the instance's own number is read), alt text as long as it allows.
    public static func mediaRules(_ limits: MastodonInstanceLimits) -> MediaRules {
        MediaRules(maxImages: limits.maxMediaAttachments, maxVideos: 0, allowedContentTypes: ["image/jpeg", "image/png", "image/webp"],
                   maxImageBytes: limits.maxImageBytes, maxAltTextLength: limits.maxDescriptionCharacters)
    }

    /// What the instance would refuse, each naming its limit.
    public static func problems(with text: String, contentWarning: String = "", limits: MastodonInstanceLimits, instance: String) -> [String] {
        let length = count(text, contentWarning: contentWarning, limits: limits)
        guard length > limits.maxCharacters else { return [] }
        return ["the text counts \(length) characters on \(instance), over its limit of \(limits.maxCharacters)"
                + (contentWarning.isEmpty ? "" : " (the content warning counts too)")]
    }

    /// The text as the instance counts it: each link with a scheme replaced by `urlLength` characters, each mention by
    /// its local part.
    static func countable(_ text: String, urlLength: Int) -> String {
        let nfc = text.composed
        let utf16 = nfc as NSString
        var entities: [(range: NSRange, replacement: String)] = XURLExtractor.urls(in: nfc)
            .filter { $0.url.lowercased().hasPrefix("http://") || $0.url.lowercased().hasPrefix("https://") }
            .map { (NSRange(location: $0.utf16Range.lowerBound, length: $0.utf16Range.count), String(repeating: "x", count: urlLength)) }
        for match in mention.matches(in: nfc, range: NSRange(location: 0, length: utf16.length)) {
            entities.append((match.range, "@" + utf16.substring(with: match.range(at: 2))))
        }
        // Overlapping entities: the first to start wins, as the instance's extractor keeps it.
        entities.sort { $0.range.location < $1.range.location }
        var kept: [(range: NSRange, replacement: String)] = []
        for entity in entities where kept.last.map({ NSMaxRange($0.range) <= entity.range.location }) ?? true { kept.append(entity) }
        let result = NSMutableString(string: nfc)
        for entity in kept.reversed() { result.replaceCharacters(in: entity.range, with: entity.replacement) }
        return result as String
    }

    /// A mention as Mastodon finds one: `@user` or `@user@domain`, not inside a word or a URL path.
    static let mention = try! NSRegularExpression(
        pattern: #"(?<![=/\w])@(([a-z0-9_]+(?:[a-z0-9_.\-]+[a-z0-9_]+)?)(?:@[\w.\-]+\w+)?)"#, options: [.caseInsensitive])
}
