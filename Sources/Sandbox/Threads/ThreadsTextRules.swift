/// How the sandbox measures a Threads post's text: at most 500 characters, "emojis are counted as the number of UTF-8
/// bytes", at most 5 links, `alt_text` at most 1,000 characters (docs/research/threads.md §2, §4).
///
/// Written apart from NetworkRules' count, so a bug in one cannot pass both, and on the stricter reading wherever the
/// reference is silent; for any text this count is at least the production one:
/// - a character (extended grapheme cluster) that holds a non-ASCII emoji scalar, an emoji variation selector, a
///   keycap, a skin tone, a joiner or a tag counts all its UTF-8 bytes, text-style emoji such as © and ™ included;
/// - any other character counts one per Unicode scalar, so a decomposed accent counts two;
/// - a link is any `http(s)://…` or `www.…` token, or a bare `name.tld` host; each different one (compared
///   case-insensitively) counts once, and `link_attachment` counts when it differs from them all.
enum ThreadsTextRules {
    static let maximumCharacters = 500
    static let maximumLinks = 5
    static let maximumAltTextCharacters = 1_000

    /// The text's length as Threads counts it.
    static func length(_ text: String) -> Int {
        text.reduce(0) { total, character in
            total + (isEmoji(character) ? character.utf8.count : character.unicodeScalars.count)
        }
    }

    /// The different links in `text`, plus `attachment` when given and not among them.
    static func links(in text: String, attachment: String? = nil) -> Set<String> {
        var found = Set(tokens(text).compactMap(link))
        if let attachment, !attachment.isEmpty { found.insert(attachment.lowercased()) }
        return found
    }

    /// Why Threads refuses this text (and link attachment), if it does: the length first, then the links.
    static func problem(text: String, attachment: String?) -> ThreadsError? {
        let count = length(text)
        if count > maximumCharacters { return .textTooLong(count, limit: maximumCharacters) }
        let links = links(in: text, attachment: attachment).count
        if links > maximumLinks { return .tooManyLinks(links, limit: maximumLinks) }
        return nil
    }

    /// Why Threads refuses an `alt_text`, if it does (counted the same way as the text).
    static func problem(altText: String) -> ThreadsError? {
        let count = length(altText)
        guard count > maximumAltTextCharacters else { return nil }
        return .invalidAltText("it counts \(count) characters; the limit is \(maximumAltTextCharacters)")
    }

    /// Whether a character is shown as an emoji, on the broad reading.
    static func isEmoji(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (!scalar.isASCII && (scalar.properties.isEmoji || scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier))
                || value == 0xFE0F || value == 0x20E3 || value == 0x200D || (0xE0020...0xE007F).contains(value)
        }
    }

    /// The text split at whitespace and at the brackets and quotes that usually wrap a link.
    private static func tokens(_ text: String) -> [Substring] {
        text.split { $0.isWhitespace || "()<>[]{}\"'«»“”‘’".contains($0) }
    }

    /// The token as a link (lower-cased, trailing punctuation dropped), or nil when it is not one.
    private static func link(_ token: Substring) -> String? {
        let trimmed = String(token.reversed().drop { ".,;:!?…".contains($0) }.reversed()).lowercased()
        if trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://") {
            return trimmed.count > trimmed.prefix { $0 != "/" }.count + 2 ? trimmed : nil
        }
        let host = trimmed.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if host.hasPrefix("www."), host.count > 4 { return trimmed }
        return isBareHost(host) ? trimmed : nil
    }

    /// `name.tld`, `a.b.tld`: two or more dot-separated labels of letters, digits and hyphens (an optional `:port`
    /// after), the last all letters and at least two long. Not an e-mail address: `@` is in no label.
    private static func isBareHost(_ text: Substring) -> Bool {
        let host = text.prefix { $0 != ":" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.first != "-" && label.last != "-" && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }
}
