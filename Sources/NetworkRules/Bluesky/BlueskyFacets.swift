/// The links, mentions and hashtags of a Bluesky post's text, found as the Bluesky app finds them, each with the UTF-8
/// byte range it covers (`app.bsky.richtext.facet`'s `index` counts bytes, not characters): a facet is how Bluesky
/// makes them clickable, and a range one byte off links the wrong text.
///
/// A word starts a facet at the start of the text, after white space, or (links and mentions) after `(`:
/// - a link: `http://` or `https://` and what follows up to white space, or a bare host such as `example.com/page`
///   whose last label is a known top-level domain (sent as `https://…`);
/// - a mention: `@` and a handle, a host name with a known top-level domain or ending in `.test`, the name atproto
///   keeps for test networks and accepts as a handle (resolved to a DID when published);
/// - a tag: `#` (or the fullwidth `＃`) and what follows up to white space, holding a character that is not a digit or
///   punctuation, at most 64 characters and 640 bytes.
/// One trailing `.`, `,`, `;`, `!` or `?` is not part of a link, nor a `)` the link does not open; trailing punctuation
/// is not part of a tag.
public enum BlueskyFacets {
    public enum Feature: Sendable, Equatable {
        case link(uri: String)
        /// A handle, without its `@`; the connector resolves it to a DID.
        case mention(handle: String)
        /// Without its `#`.
        case tag(String)
    }

    public struct Facet: Sendable, Equatable {
        public var byteStart: Int
        public var byteEnd: Int
        public var feature: Feature
    }

    /// The lexicon's limits on a tag (`app.bsky.richtext.facet#tag`: `maxGraphemes` 64, `maxLength` 640 bytes).
    public static let maxTagCharacters = 64
    public static let maxTagBytes = 640

    public static func detect(_ text: String) -> [Facet] {
        var facets: [Facet] = []
        for word in words(of: text) {
            if let facet = mention(word, in: text) ?? link(word, in: text) ?? tag(word, in: text) { facets.append(facet) }
        }
        return facets.sorted { $0.byteStart < $1.byteStart }
    }

    /// A run of characters up to white space, and what comes just before it.
    struct Word {
        var range: Range<String.Index>
        var afterParenthesis: Bool
    }

    static func words(of text: String) -> [Word] {
        var words: [Word] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index].isWhitespace { index = text.index(after: index); continue }
            var end = index
            while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
            words.append(Word(range: index..<end, afterParenthesis: false))
            // `(example.com)` and `(@alice.bsky.social)`: a link or mention may start after an opening parenthesis.
            if text[index] == "(", text.index(after: index) < end {
                words.append(Word(range: text.index(after: index)..<end, afterParenthesis: true))
            }
            index = end
        }
        return words
    }

    static func mention(_ word: Word, in text: String) -> Facet? {
        let characters = text[word.range]
        guard characters.first == "@" else { return nil }
        let handle = characters.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        // The handle ends at a letter or digit: `@alice.bsky.social.` mentions alice.bsky.social.
        let trimmed = handle.reversed().drop { $0 == "." || $0 == "-" }.reversed()
        let name = String(trimmed)
        guard isHost(name) || isTestHandle(name) else { return nil }
        let end = text.index(characters.startIndex, offsetBy: name.count + 1)
        return facet(characters.startIndex..<end, in: text, .mention(handle: name))
    }

    static func link(_ word: Word, in text: String) -> Facet? {
        var characters = text[word.range]
        let lower = characters.lowercased()
        let hasScheme = lower.hasPrefix("https://") || lower.hasPrefix("http://")
        if !hasScheme {
            let host = lower.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
            guard let first = host.first, first.isLetter, isHost(String(host)) else { return nil }
        }
        if let last = characters.last, ".,;!?".contains(last) { characters = characters.dropLast() }
        if characters.last == ")", !characters.contains("(") { characters = characters.dropLast() }
        guard !characters.isEmpty, !(hasScheme && characters.lowercased().hasSuffix("://")) else { return nil }
        let uri = hasScheme ? String(characters) : "https://" + characters
        return facet(characters.startIndex..<characters.endIndex, in: text, .link(uri: uri))
    }

    static func tag(_ word: Word, in text: String) -> Facet? {
        guard !word.afterParenthesis else { return nil }
        var characters = text[word.range]
        guard characters.first == "#" || characters.first == "＃" else { return nil }
        while let last = characters.last, last.isPunctuation, characters.count > 1 {
            characters = characters.dropLast()
        }
        let name = characters.dropFirst()
        guard !name.isEmpty, name.count <= maxTagCharacters, name.utf8.count <= maxTagBytes,
              name.contains(where: { !$0.isNumber && !$0.isPunctuation && !$0.isWhitespace }) else { return nil }
        return facet(characters.startIndex..<characters.endIndex, in: text, .tag(String(name)))
    }

    /// A host name whose last label is a top-level domain X's list knows, such as `bsky.social` or `example.co.uk`.
    static func isHost(_ name: String) -> Bool {
        let labels = name.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let last = labels.last else { return false }
        return topLevelDomains.contains(String(last))
    }

    /// `alice.test`: atproto's own detection (`@atproto/api` rich-text `detectFacets`) takes a mention ending in `.test`
    /// though it is no top-level domain, for its test networks; links are not taken so.
    static func isTestHandle(_ name: String) -> Bool {
        let labels = name.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty } && labels.last == "test"
    }

    static let topLevelDomains = Set(XTopLevelDomains.generic + XTopLevelDomains.country)

    static func facet(_ range: Range<String.Index>, in text: String, _ feature: Feature) -> Facet {
        Facet(byteStart: text.utf8.distance(from: text.startIndex, to: range.lowerBound),
              byteEnd: text.utf8.distance(from: text.startIndex, to: range.upperBound), feature: feature)
    }
}
