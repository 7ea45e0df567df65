/// What X will make of a post's text: its weighted length, whether it is accepted, and how much fits.
///
/// Mirrors twitter-text's `TwitterTextParseResults`, so offsets are UTF-16 code units, as in
/// JavaScript and Java strings, and ranges are inclusive.
public struct XParsedText: Sendable, Equatable {
    /// The length as X counts it; each URL counts ``XTextRules/transformedURLLength``.
    public var weightedLength: Int
    /// `weightedLength` in thousandths of the limit (1000 is exactly full; above is too long).
    public var permillage: Int
    /// Whether X accepts the text: not empty, within the limit, no forbidden characters.
    public var isValid: Bool
    /// The whole text, in UTF-16 offsets of the text as given.
    public var displayRange: XTextRange
    /// The part of the text that fits within the limit, in UTF-16 offsets of the text as given.
    public var validRange: XTextRange
    /// The URLs that were counted at their fixed length, in the order they appear.
    public var urls: [XTextURL]

    /// What an empty or blank text parses to: nothing counted, not valid.
    public static let empty = XParsedText(
        weightedLength: 0, permillage: 0, isValid: false, displayRange: .empty, validRange: .empty, urls: []
    )
}

/// An inclusive range of UTF-16 offsets, as twitter-text reports them; `end < start` holds nothing.
public struct XTextRange: Sendable, Equatable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// twitter-text's marker for "no text at all".
    public static let empty = XTextRange(start: -1, end: -1)

    public var description: String { "\(start)...\(end)" }
}

/// A URL found in a post, which X shortens to a t.co link of fixed length.
public struct XTextURL: Sendable, Equatable {
    /// The URL as written (a t.co link loses anything after its slug and query).
    public var url: String
    /// Where it is, in UTF-16 offsets of the NFC-normalised text (half-open).
    public var utf16Range: Range<Int>
}
