// Ported from twitter-text (Apache License 2.0, Copyright 2018 Twitter, Inc.):
// TwitterTextParser.parseTweet (Java, v3.1.0), including its quirks, so the numbers agree with X's.
import Foundation
import SchedulerCore

/// Weighs a post as X does: NFC first, then each URL at a fixed length, each emoji sequence as one
/// character, and every other code point by the weight its range has in the configuration.
enum XTextParser {
    static func parse(_ text: String, configuration: XTextConfiguration, extractURLs: Bool = true) -> XParsedText {
        // Java's String.trim(): only characters up to U+0020 count as blank.
        guard !text.utf16.allSatisfy({ $0 <= 0x20 }) else { return .empty }
        let normalized = text.composed
        let urls = extractURLs ? XURLExtractor.urls(in: normalized) : []
        let emoji = configuration.emojiParsingEnabled ? emojiLengths(in: normalized) : [:]
        var counter = Counter(configuration: configuration, units: Array(normalized.utf16), urls: urls, emoji: emoji)
        counter.run()
        return counter.result(originalLength: text.utf16.count, urls: urls)
    }

    /// UTF-16 offset of each emoji sequence's start, and its length in UTF-16 code units.
    static func emojiLengths(in text: String) -> [Int: Int] {
        let scalars = Array(text.unicodeScalars)
        var offsets = [0]
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + UTF16.width(scalar)) }
        var lengths: [Int: Int] = [:]
        for sequence in XEmojiScanner.sequences(in: scalars) {
            lengths[offsets[sequence.lowerBound]] = offsets[sequence.upperBound] - offsets[sequence.lowerBound]
        }
        return lengths
    }
}

/// The counting loop of `TwitterTextParser.parseTweet`, over UTF-16 code units.
private struct Counter {
    let configuration: XTextConfiguration
    let units: [UInt16]
    var pendingURLs: [XTextURL]
    let emoji: [Int: Int]

    var weightedCount = 0
    var offset = 0
    var validOffset = 0
    var hasInvalidCharacters = false

    init(configuration: XTextConfiguration, units: [UInt16], urls: [XTextURL], emoji: [Int: Int]) {
        self.configuration = configuration
        self.units = units
        self.pendingURLs = urls
        self.emoji = emoji
    }

    private var scaledMax: Int { configuration.maxWeightedTweetLength * configuration.scale }

    mutating func run() {
        while offset < units.count {
            countURL()
            if offset < units.count { countCharacter() }
        }
    }

    /// A URL starting here counts its fixed length and is skipped whole.
    private mutating func countURL() {
        guard let index = pendingURLs.firstIndex(where: { $0.utf16Range.lowerBound == offset }) else { return }
        let length = pendingURLs.remove(at: index).utf16Range.count
        weightedCount += configuration.transformedURLLength * configuration.scale
        offset += length
        if weightedCount <= scaledMax { validOffset += length }
    }

    /// One code point, or one whole emoji sequence at the default weight.
    private mutating func countCharacter() {
        let codePoint = codePoint(at: offset)
        let emojiLength = emoji[offset]
        weightedCount += emojiLength == nil ? configuration.weight(of: codePoint) : configuration.defaultWeight
        // As in Java, only the first code unit is checked, even for a longer sequence.
        hasInvalidCharacters = hasInvalidCharacters || XURLPattern.invalidCharacters.contains(units[offset])
        let delta = emojiLength ?? (codePoint > 0xFFFF ? 2 : 1)
        offset += delta
        if !hasInvalidCharacters && weightedCount <= scaledMax { validOffset += delta }
    }

    /// Java's `String.codePointAt`: a surrogate pair makes one code point.
    private func codePoint(at index: Int) -> UInt32 {
        let unit = units[index]
        if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
            return 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[index + 1] - 0xDC00)
        }
        return UInt32(unit)
    }

    /// The totals; ranges are shifted back by what NFC added or removed, as twitter-text does.
    func result(originalLength: Int, urls: [XTextURL]) -> XParsedText {
        let normalizationOffset = originalLength - units.count
        let weightedLength = weightedCount / configuration.scale
        let maxLength = configuration.maxWeightedTweetLength
        return XParsedText(
            weightedLength: weightedLength,
            permillage: weightedLength * 1000 / maxLength,
            isValid: !hasInvalidCharacters && weightedLength <= maxLength,
            displayRange: XTextRange(start: 0, end: offset + normalizationOffset - 1),
            validRange: XTextRange(start: 0, end: validOffset + normalizationOffset - 1),
            urls: urls
        )
    }
}
