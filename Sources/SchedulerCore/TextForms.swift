import Foundation

/// Two forms of a text every post's checks need, worked out in Swift rather than through Foundation's `NSString`
/// bridge: an import checks 100,000 texts, and the bridge's UTF-16 copies cost more than the checks themselves.
extension String {
    /// The text without the whitespace and newlines around it: the scalars Foundation's `.whitespacesAndNewlines`
    /// holds, which are Unicode's `White_Space` (the space separators, tab to carriage return, U+0085, the line and
    /// paragraph separators) and, on Linux, the zero-width space U+200B.
    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isTrimmedSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isTrimmedSpace })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(Substring(scalars[first...last]))
    }

    /// The text in Unicode's composed form (NFC). Text with no scalar above U+02FF is composed already (nothing below
    /// it combines or decomposes), so most posts skip Foundation's normalisation: in UTF-8, such a text has no byte
    /// from 0xCC up (U+0300 is the first scalar whose encoding starts with 0xCC).
    public var composed: String {
        if utf8.allSatisfy({ $0 < 0xCC }) { return self }
        return precomposedStringWithCanonicalMapping
    }
}

extension Unicode.Scalar {
    /// Whether ``StringProtocol/trimmingWhitespace`` takes the scalar off the ends of a text.
    var isTrimmedSpace: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        return properties.isWhitespace || value == 0x200B
    }
}
