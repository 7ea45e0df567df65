/// How Bluesky measures a post's text (the `app.bsky.feed.post` lexicon: `text` has `maxGraphemes` 300 and `maxLength`
/// 3,000, the latter counted in UTF-8 bytes): both limits hold. A grapheme is an extended grapheme cluster (Unicode
/// UAX #29), which is what a Swift `Character` is: a flag, a family joined by ZWJ or a letter with combining marks each
/// count one.
public enum BlueskyText {
    public static let maxGraphemes = 300
    public static let maxBytes = 3_000
    /// An image blob: the lexicon says 2,000,000 since April 2026, the published docs still 1 MB; the stricter holds.
    public static let maxImageBytes = 1_000_000

    /// The limits as ``TextRules``: graphemes counted against 300, the bytes checked beside them.
    public static let rules = TextRules(maxLength: maxGraphemes, count: graphemes) { text in
        bytes(text) > maxBytes ? ["the text is \(bytes(text)) bytes in UTF-8, over Bluesky's limit of \(maxBytes)"] : []
    }

    public static func graphemes(_ text: String) -> Int { text.count }

    public static func bytes(_ text: String) -> Int { text.utf8.count }

    /// What Bluesky would refuse in `text`, each naming its limit.
    public static func problems(with text: String) -> [String] {
        var problems: [String] = []
        if graphemes(text) > maxGraphemes {
            problems.append("the text counts \(graphemes(text)) characters, over Bluesky's limit of \(maxGraphemes)")
        }
        if bytes(text) > maxBytes {
            problems.append("the text is \(bytes(text)) bytes in UTF-8, over Bluesky's limit of \(maxBytes)")
        }
        return problems
    }
}
