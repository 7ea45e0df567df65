import Foundation

/// X's weighted length (twitter-text configuration v3), counted at schedule time exactly as X
/// counts it at publish time: after NFC normalisation most Latin text weighs 1 and everything else
/// (CJK, emoji) 2, every URL counts 23 whatever its length, an emoji sequence counts as one
/// character, and the limit is 280. The port lives in `TwitterText/`.
///
///     XTextRules.weightedLength("Read https://example.com/a/very/long/path 👩‍👩‍👧")  // 5 + 23 + 1 + 2 = 31
public enum XTextRules {
    public static let maxWeightedLength = XTextConfiguration.v3.maxWeightedTweetLength
    /// What each URL counts, since X shortens every link to a t.co link of this length.
    public static let transformedURLLength = XTextConfiguration.v3.transformedURLLength

    /// The length X gives `text`; more than ``maxWeightedLength`` is refused.
    /// Texts longer than this are not parsed: twitter-text's URL pattern backtracks quadratically on long
    /// dotted runs, and no text this long can fit in 280 however many URLs it holds in practice.
    public static let longestParsedText = 16_384

    public static func weightedLength(_ text: String) -> Int {
        let units = text.utf16.count
        guard units <= longestParsedText else { return units }
        return parse(text).weightedLength
    }

    /// Everything X's counter reports: length, validity, how much of the text fits, and the URLs.
    public static func parse(_ text: String) -> XParsedText {
        XTextParser.parse(text, configuration: .v3)
    }

    /// `text` counted under another twitter-text configuration (the conformance suite uses v1 and v2).
    static func parse(_ text: String, configuration: XTextConfiguration) -> XParsedText {
        XTextParser.parse(text, configuration: configuration)
    }

    public static var rules: TextRules {
        TextRules(maxLength: maxWeightedLength, count: weightedLength)
    }
}
