/// The TLD alternation, factored into a search tree.
///
/// twitter-text writes `(?:tld1|tld2|…)` over some 1,600 names, and ICU tries every name at every
/// place the domain pattern backtracks to, which makes long dotted runs (`a.a.a.…`) very slow. Here
/// the names are factored by leading characters (`c(?:o(?:m|op|…)|…)`), and many branches are split
/// by lookaheads on the next character, so the engine gives up after a few steps.
///
/// It matches exactly what the plain alternation matches, with the same preference: branches
/// starting with different characters can never both match at one place, and where a name is a
/// prefix of another, the two can only both pass the TLD lookahead `(?=[^a-z0-9@+-]|$)` when the
/// longer one goes on with another character (`भारत`, `भारतम्`); there the words' order is kept,
/// or that part is left unfactored.
extension XURLPattern {
    private struct Word {
        var rest: ArraySlice<Unicode.Scalar>
        var order: Int
    }

    /// A pattern equivalent to the ordered alternation of `words`.
    static func alternation(of words: [String]) -> String {
        factored(words.enumerated().map { Word(rest: Array($0.element.unicodeScalars)[...], order: $0.offset) })
    }

    private static func factored(_ words: [Word]) -> String {
        if words.count == 1 { return escaped(words[0].rest) }
        let groups = groupedByFirstScalar(words)
        let ended = groups.first { $0[0].rest.isEmpty }?[0]
        let branches = groups.filter { !$0[0].rest.isEmpty }
        guard let ended, branches.contains(where: { !isTLDContinuation($0[0].rest.first!) }) else {
            // The ended word, if any, cannot compete with the others: try it last.
            return "(?:" + searchTree(branches.sorted { $0[0].rest.first!.value < $1[0].rest.first!.value })
                + (ended == nil ? "" : "|") + ")"
        }
        guard keepsOrder(ended: ended, groups: branches) else {
            return "(?:" + words.map { escaped($0.rest) }.joined(separator: "|") + ")"
        }
        return "(?:" + groups.map { $0[0].rest.isEmpty ? "" : branch($0) }.joined(separator: "|") + ")"
    }

    /// `head` followed by the factored rests of the words in `group`.
    private static func branch(_ group: [Word]) -> String {
        escaped(group[0].rest.prefix(1)) + factored(group.map { Word(rest: $0.rest.dropFirst(), order: $0.order) })
    }

    /// Branches sorted by first character, split in halves behind a lookahead on that character.
    private static func searchTree(_ groups: [[Word]]) -> String {
        guard groups.count > 4 else { return groups.map(branch).joined(separator: "|") }
        let left = groups[..<(groups.count / 2)], right = groups[(groups.count / 2)...]
        let low = escaped(left.first![0].rest.prefix(1)), high = escaped(left.last![0].rest.prefix(1))
        return "(?=[" + low + "-" + high + "])(?:" + searchTree(Array(left)) + ")|(?:" + searchTree(Array(right)) + ")"
    }

    /// Words grouped by their first scalar (an ended word is a group of its own), in order of first appearance.
    private static func groupedByFirstScalar(_ words: [Word]) -> [[Word]] {
        var groups: [[Word]] = []
        for word in words {
            if let index = groups.firstIndex(where: { $0[0].rest.first == word.rest.first }) {
                groups[index].append(word)
            } else {
                groups.append([word])
            }
        }
        return groups
    }

    /// Whether trying the groups in order of first appearance keeps the order of `ended` against
    /// every longer word that could also pass the TLD lookahead.
    private static func keepsOrder(ended: Word, groups: [[Word]]) -> Bool {
        groups.allSatisfy { group in
            guard !isTLDContinuation(group[0].rest.first!) else { return true }
            let orders = group.map(\.order)
            return ended.order < orders.min()! || ended.order > orders.max()!
        }
    }

    /// Characters after which the TLD lookahead fails.
    private static func isTLDContinuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "@", "+", "-": true
        default: false
        }
    }

    private static func escaped<C: Collection<Unicode.Scalar>>(_ scalars: C) -> String {
        scalars.map { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                ? String(scalar) : "\\x{" + String(scalar.value, radix: 16) + "}"
        }.joined()
    }
}
