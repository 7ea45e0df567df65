/// Counts a status the way Mastodon's `StatusLengthValidator` does, written apart from NetworkRules' counter so that a
/// bug shared by both cannot pass both (docs/research/mastodon.md §6).
///
/// The count is the extended grapheme clusters of the content warning followed by the text, where in the text (never
/// the warning) every `http://` or `https://` link counts as `charactersReservedPerURL` and `@user@domain` counts as
/// `@user`. Where the reference's twitter-text rules are hard to be sure of, the sandbox counts more, never less:
/// a link ends at the first character that is not printable ASCII, trailing punctuation is left out of it (and so
/// counted), and a link whose host is not plainly a domain name counts as whichever is longer, itself or the reserve.
struct MastodonTextCounter: Sendable {
    var charactersReservedPerURL: Int

    /// The length the instance compares with `max_characters` (inclusive: a status of exactly the limit passes).
    func length(text: String, spoilerText: String = "") -> Int {
        (spoilerText + countableText(text)).count
    }

    /// `text` with each link as `x` repeated and each remote mention as its local part: what gets counted.
    func countableText(_ text: String) -> String {
        let characters = Array(text)
        var entities = links(in: characters) + MastodonMentions.ranges(in: characters).map { Entity(range: $0.range, replacement: "@" + $0.username) }
        entities.sort { $0.range.lowerBound < $1.range.lowerBound }
        var result = ""
        var position = 0
        for entity in entities where entity.range.lowerBound >= position {
            result += String(characters[position..<entity.range.lowerBound]) + entity.replacement
            position = entity.range.upperBound
        }
        return result + String(characters[position...])
    }

    private struct Entity {
        var range: Range<Int>
        var replacement: String
    }

    private func links(in characters: [Character]) -> [Entity] {
        Self.linkRanges(in: characters).map { range in
            let link = characters[range]
            let counted = Self.hasPlainDomain(link) ? charactersReservedPerURL : max(link.count, charactersReservedPerURL)
            return Entity(range: range, replacement: String(repeating: "x", count: counted))
        }
    }

    /// Where each `http(s)://` link is in `characters` (also what the status's HTML links).
    static func linkRanges(in characters: [Character]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            if let end = linkEnd(in: characters, at: index) {
                ranges.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// Where a link that starts at `start` ends, or nil when none starts there.
    private static func linkEnd(in characters: [Character], at start: Int) -> Int? {
        if start > 0, blocksLink(characters[start - 1]) { return nil }
        let scheme = ["https://", "http://"].first { prefix in
            characters.count - start >= prefix.count && String(characters[start..<(start + prefix.count)]).lowercased() == prefix
        }
        guard let scheme else { return nil }
        var end = start + scheme.count
        while end < characters.count, characters[end].isASCII, !characters[end].isWhitespace, !"\"<>{}^`\\".contains(characters[end]) {
            end += 1
        }
        while end > start + scheme.count, !endsLink(characters[end - 1], opened: characters[start..<end]) { end -= 1 }
        return end > start + scheme.count ? end : nil
    }

    /// Whether a link may not start right after `character` (twitter-text's `valid_url_preceding_chars`): an ASCII
    /// letter or digit, `@`, `$` or `#`.
    private static func blocksLink(_ character: Character) -> Bool {
        (character.isASCII && (character.isLetter || character.isNumber)) || "@＠$#＃".contains(character)
    }

    /// Whether a link may end with `character`: letters, digits, `=_#/+-&`, or a `)` that closes one opened in it.
    private static func endsLink(_ character: Character, opened link: ArraySlice<Character>) -> Bool {
        if character.isLetter || character.isNumber || "=_#/+-&".contains(character) { return true }
        return character == ")" && link.count { $0 == "(" } >= link.count { $0 == ")" }
    }

    /// Whether the link's host is dot-separated labels of ASCII letters, digits and hyphens, ending in a label of two
    /// or more letters (or `xn--` punycode), with an optional port: what twitter-text surely takes as a domain.
    private static func hasPlainDomain(_ link: ArraySlice<Character>) -> Bool {
        let afterScheme = String(link).split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard afterScheme.count >= 3 else { return false }
        let authority = afterScheme[2].prefix { $0 != "?" && $0 != "#" }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isNumber)) else { return false }
        let labels = parts[0].lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last else { return false }
        let labelsValid = labels.allSatisfy { label in
            !label.isEmpty && label.first != "-" && label.last != "-" && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        return labelsValid && (last.hasPrefix("xn--") || (last.count >= 2 && last.allSatisfy(\.isLetter)))
    }
}
