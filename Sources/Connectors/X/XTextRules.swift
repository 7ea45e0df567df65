import Foundation

/// X's weighted length (twitter-text configuration v3): most Latin text weighs 1, everything
/// else (CJK, most emoji) weighs 2, and the limit is 280 after NFC normalisation.
public enum XTextRules {
    public static let maxWeightedLength = 280

    /// Code-point ranges that weigh 100 (one unit); everything else weighs 200.
    static let lightRanges: [ClosedRange<UInt32>] = [0...4351, 8192...8205, 8208...8223, 8242...8247]

    public static func weightedLength(_ text: String) -> Int {
        let normalized = text.precomposedStringWithCanonicalMapping
        var weight = 0
        for scalar in normalized.unicodeScalars {
            weight += lightRanges.contains { $0.contains(scalar.value) } ? 100 : 200
        }
        return weight / 100
    }

    public static var rules: TextRules {
        TextRules(maxLength: maxWeightedLength, count: weightedLength)
    }
}
