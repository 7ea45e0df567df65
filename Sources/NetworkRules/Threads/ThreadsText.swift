import Foundation
import SchedulerCore

/// How Threads measures a post's text (docs/research/threads.md): at most 500 characters, "emojis are counted as the
/// number of UTF-8 bytes", and at most 5 links. The reference is ambiguous on what else an emoji is; the stricter
/// reading is taken: a character (extended grapheme cluster) holding an emoji counts all its UTF-8 bytes, any other
/// counts one. Links are counted as X's parser finds them, bare hosts included, each different one once.
public enum ThreadsText {
    public static let maxCharacters = 500
    public static let maxLinks = 5

    /// The limits as ``TextRules``: Threads' own count against 500, the links checked beside it.
    public static let rules = TextRules(maxLength: maxCharacters, count: count) { text in
        let linkCount = links(text)
        return linkCount > maxLinks ? ["the text has \(linkCount) links, over Threads' limit of \(maxLinks)"] : []
    }

    public static func count(_ text: String) -> Int {
        text.reduce(0) { $0 + (isEmoji($1) ? $1.utf8.count : 1) }
    }

    public static func links(_ text: String) -> Int {
        Set(XURLExtractor.urls(in: text.composed).map { $0.url.lowercased() }).count
    }

    /// What Threads would refuse, each naming its limit.
    public static func problems(with text: String) -> [String] {
        var problems: [String] = []
        let length = count(text)
        if length > maxCharacters {
            problems.append("the text counts \(length) characters as Threads counts them (an emoji counts its UTF-8 bytes), over its limit of \(maxCharacters)")
        }
        let linkCount = links(text)
        if linkCount > maxLinks { problems.append("the text has \(linkCount) links, over Threads' limit of \(maxLinks)") }
        return problems
    }

    /// A character shown as an emoji: one with a scalar that is an emoji by default, or one an emoji variation
    /// selector, a skin tone or a joiner makes an emoji.
    static func isEmoji(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier || scalar.value == 0xFE0F
                || (scalar.properties.isEmoji && scalar.value > 0x238C && character.unicodeScalars.count > 1)
        }
    }
}
