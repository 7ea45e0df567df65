// Ported from twitter-text (Apache License 2.0, Copyright 2018 Twitter, Inc.): TwitterTextConfiguration
// and the v1/v2/v3 configuration files.

/// How twitter-text weighs a post: the weights of code points, the length of a URL and the limit.
///
/// ``v3`` is what X applies today (`conformance/twitter-text/config-v3.json`); ``v1`` and ``v2`` are
/// kept because parts of the conformance suite are written against them.
struct XTextConfiguration: Sendable, Equatable {
    /// A run of code points that weighs `weight` instead of ``defaultWeight``.
    struct WeightedRange: Sendable, Equatable {
        var start: UInt32
        var end: UInt32
        var weight: Int
    }

    var version: Int
    var maxWeightedTweetLength: Int
    var scale: Int
    var defaultWeight: Int
    var emojiParsingEnabled: Bool
    var transformedURLLength: Int
    var ranges: [WeightedRange]

    /// The weight of one code point, before scaling.
    func weight(of codePoint: UInt32) -> Int {
        ranges.first { $0.start <= codePoint && codePoint <= $0.end }?.weight ?? defaultWeight
    }

    /// Latin-1 to Georgian, and general-punctuation spaces, dashes and quotes weigh half.
    static let lightRanges: [WeightedRange] = [
        WeightedRange(start: 0, end: 4351, weight: 100),
        WeightedRange(start: 8192, end: 8205, weight: 100),
        WeightedRange(start: 8208, end: 8223, weight: 100),
        WeightedRange(start: 8242, end: 8247, weight: 100),
    ]

    /// X's current rules: 280 weighted characters, an emoji sequence weighs as one CJK character.
    static let v3 = XTextConfiguration(
        version: 3, maxWeightedTweetLength: 280, scale: 100, defaultWeight: 200,
        emojiParsingEnabled: true, transformedURLLength: 23, ranges: lightRanges
    )

    /// The 2017 rules: as ``v3`` but every code point of an emoji sequence is weighed on its own.
    static let v2 = XTextConfiguration(
        version: 2, maxWeightedTweetLength: 280, scale: 100, defaultWeight: 200,
        emojiParsingEnabled: false, transformedURLLength: 23, ranges: lightRanges
    )

    /// The legacy rules: 140 code points, each weighing one.
    static let v1 = XTextConfiguration(
        version: 1, maxWeightedTweetLength: 140, scale: 1, defaultWeight: 1,
        emojiParsingEnabled: false, transformedURLLength: 23, ranges: []
    )
}
