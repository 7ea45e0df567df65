/// Finds mentions the way Mastodon's `Account::MENTION_RE` does: `@user` or `@user@domain`, not right after `=`, `/` or
/// a word character; the username is ASCII letters, digits and `_`, with single runs of `.` or `-` inside.
enum MastodonMentions {
    /// One mention: where it is in the characters, and its username (the part a remote mention counts as).
    struct Mention: Sendable, Equatable {
        var range: Range<Int>
        var username: String
        var domain: String?
    }

    /// Every mention in `characters`, in order.
    static func ranges(in characters: [Character]) -> [Mention] {
        var mentions: [Mention] = []
        var index = 0
        while index < characters.count {
            if characters[index] == "@", index == 0 || !blocksMention(characters[index - 1]),
               let mention = mention(in: characters, at: index) {
                mentions.append(mention)
                index = mention.range.upperBound
            } else {
                index += 1
            }
        }
        return mentions
    }

    /// The mention whose `@` is at `at`, if a username follows it.
    private static func mention(in characters: [Character], at: Int) -> Mention? {
        let userEnd = run(in: characters, from: at + 1, isWord: isUsernameCharacter)
        guard userEnd > at + 1 else { return nil }
        let username = String(characters[(at + 1)..<userEnd])
        if userEnd < characters.count, characters[userEnd] == "@" {
            let domainEnd = run(in: characters, from: userEnd + 1, isWord: isWordCharacter)
            if domainEnd > userEnd + 1 {
                return Mention(range: at..<domainEnd, username: username, domain: String(characters[(userEnd + 1)..<domainEnd]))
            }
        }
        return Mention(range: at..<userEnd, username: username, domain: nil)
    }

    /// The end of `word+([.-]+word+)*` starting at `start`: separators count only when a word character follows them.
    private static func run(in characters: [Character], from start: Int, isWord: (Character) -> Bool) -> Int {
        var end = start
        var probe = start
        while probe < characters.count {
            if isWord(characters[probe]) {
                probe += 1
                end = probe
            } else if characters[probe] == "." || characters[probe] == "-", end > start {
                probe += 1
            } else {
                break
            }
        }
        return end
    }

    private static func isUsernameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }

    /// Ruby's `[[:word:]]`: letters, marks, digits and connector punctuation, in any script.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
            || character.unicodeScalars.first.map { $0.properties.generalCategory == .connectorPunctuation } == true
    }

    private static func blocksMention(_ character: Character) -> Bool {
        character == "=" || character == "/" || isWordCharacter(character)
    }
}
