/// Finds emoji sequences, which twitter-text v3 counts as one character of the default weight.
///
/// twitter-text matches a generated regular expression of the emoji known in 2020; this follows
/// the grammar of Unicode Technical Standard #51 with the standard library's emoji properties
/// instead, so newer emoji group the same way. It keeps twitter-text's rules for the characters that
/// look like text: a digit, `#` or `*` is an emoji only as a keycap (`1⃣`, `1️⃣`), `©` and `®` only
/// with the emoji variation selector, and a character followed by the text variation selector is
/// not an emoji.
///
///     sequence := element (ZWJ element)*
///     element  := RI RI | keycap-base FE0F? 20E3 | emoji (FE0F 20E3? | modifier | tag+ cancel-tag)?
enum XEmojiScanner {
    private static let zwj: UInt32 = 0x200D
    private static let textPresentation: UInt32 = 0xFE0E
    private static let emojiPresentation: UInt32 = 0xFE0F
    private static let keycap: UInt32 = 0x20E3
    private static let tags: ClosedRange<UInt32> = 0xE0020...0xE007E
    private static let cancelTag: UInt32 = 0xE007F

    /// Each emoji sequence in `scalars`, as a range of scalar indices, left to right.
    static func sequences(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            if let end = sequenceEnd(in: scalars, from: index) {
                found.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    private static func sequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard var end = elementEnd(in: scalars, from: start) else { return nil }
        while end + 1 < scalars.count, scalars[end].value == zwj,
              let next = elementEnd(in: scalars, from: end + 1) {
            end = next
        }
        return end
    }

    private static func elementEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let base = scalars[start]
        let next = start + 1 < scalars.count ? scalars[start + 1].value : nil
        if base.properties.isEmoji, base.isASCII {
            return keycapEnd(in: scalars, from: start + 1)
        }
        if isRegionalIndicator(base.value) {
            return next.map(isRegionalIndicator) == true ? start + 2 : start + 1
        }
        guard base.properties.isEmoji, next != textPresentation else { return nil }
        if next == emojiPresentation {
            return start + 2 < scalars.count && scalars[start + 2].value == keycap ? start + 3 : start + 2
        }
        guard base.properties.isEmojiPresentation || base.value > 0xFF else { return nil }
        if let next, base.properties.isEmojiModifierBase, Unicode.Scalar(next)?.properties.isEmojiModifier == true {
            return start + 2
        }
        return tagSequenceEnd(in: scalars, from: start + 1) ?? start + 1
    }

    /// `FE0F? 20E3` after a digit, `#` or `*`.
    private static func keycapEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        if index < scalars.count, scalars[index].value == emojiPresentation { index += 1 }
        guard index < scalars.count, scalars[index].value == keycap else { return nil }
        return index + 1
    }

    /// `tag+ cancel-tag`, as in the flags of England, Scotland and Wales.
    private static func tagSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count, tags.contains(scalars[index].value) { index += 1 }
        guard index > start, index < scalars.count, scalars[index].value == cancelTag else { return nil }
        return index + 1
    }

    private static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }
}
