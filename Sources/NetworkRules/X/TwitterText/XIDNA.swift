import Foundation

/// The host check twitter-text makes with Java's `IDN.toASCII(host, ALLOW_UNASSIGNED)` (IDNA 2003):
/// a URL whose host cannot be converted, or has a label over 63 characters once converted, is not a
/// URL and is counted character by character.
///
/// Nameprep (RFC 3491) is followed closely but not table for table: case folding uses Swift's
/// lower-casing (plus `ß` and final sigma), and the bidirectional rule judges right-to-left and
/// left-to-right letters by script block and general category. Those differences can only change
/// the verdict on labels near the 63-character limit or on labels that mix scripts.
enum XIDNA {
    static let maxLabelLength = 63
    private static let labelSeparators: Set<Character> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]

    /// The ASCII form of `host`, or nil where Java's conversion throws.
    static func toASCII(_ host: String) -> String? {
        var labels: [String] = []
        for label in host.split(omittingEmptySubsequences: false, whereSeparator: labelSeparators.contains) {
            guard let ascii = labelToASCII(String(label)) else { return nil }
            labels.append(ascii)
        }
        return labels.joined(separator: ".")
    }

    private static func labelToASCII(_ label: String) -> String? {
        if label.unicodeScalars.allSatisfy(\.isASCII) {
            return (1...maxLabelLength).contains(label.utf16.count) ? label : nil
        }
        guard let prepared = nameprep(label), !prepared.isEmpty else { return nil }
        if prepared.allSatisfy(\.isASCII) {
            return prepared.count <= maxLabelLength ? String(String.UnicodeScalarView(prepared)) : nil
        }
        // Every non-ASCII code point adds at least one digit, so longer labels cannot fit.
        guard 4 + prepared.count <= maxLabelLength, !hasACEPrefix(prepared) else { return nil }
        let encoded = "xn--" + XPunycode.encode(prepared)
        return encoded.utf16.count <= maxLabelLength ? encoded : nil
    }

    private static func hasACEPrefix(_ scalars: [Unicode.Scalar]) -> Bool {
        String(String.UnicodeScalarView(scalars.prefix(4))).lowercased() == "xn--"
    }

    /// Map, normalise (NFKC), refuse prohibited code points, check the bidirectional rule.
    static func nameprep(_ label: String) -> [Unicode.Scalar]? {
        var mapped = ""
        for scalar in label.unicodeScalars where !isMappedToNothing(scalar.value) {
            mapped += caseFolded(scalar)
        }
        let scalars = Array(mapped.precomposedStringWithCompatibilityMapping.unicodeScalars)
        guard !scalars.contains(where: { isProhibited($0.value) }), satisfiesBidiRule(scalars) else { return nil }
        return scalars
    }

    private static func caseFolded(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00DF, 0x1E9E: "ss"
        case 0x03C2: "\u{03C3}"
        default: String(scalar).lowercased()
        }
    }

    /// RFC 3454 table B.1.
    private static func isMappedToNothing(_ value: UInt32) -> Bool {
        switch value {
        case 0x00AD, 0x034F, 0x1806, 0x180B...0x180D, 0x200B...0x200D, 0x2060, 0xFE00...0xFE0F, 0xFEFF: true
        default: false
        }
    }

    /// RFC 3454 tables C.1.2 and C.2.2 to C.9, the ones nameprep prohibits.
    private static func isProhibited(_ value: UInt32) -> Bool {
        switch value {
        case 0x0080...0x009F, 0x00A0, 0x0340, 0x0341, 0x06DD, 0x070F, 0x1680, 0x180E,
             0x2000...0x200F, 0x2028...0x202F, 0x205F...0x2063, 0x206A...0x206F, 0x2FF0...0x2FFB, 0x3000,
             0xD800...0xF8FF, 0xFDD0...0xFDEF, 0xFEFF, 0xFFF9...0xFFFF, 0x1D173...0x1D17A,
             0xE0001, 0xE0020...0xE007F, 0xF0000...0x10FFFF:
            true
        default:
            value & 0xFFFE == 0xFFFE
        }
    }

    /// RFC 3454 section 6: a label with right-to-left letters has no left-to-right letters and
    /// starts and ends with a right-to-left letter.
    private static func satisfiesBidiRule(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.contains(where: isRightToLeft) else { return true }
        guard let first = scalars.first, let last = scalars.last else { return true }
        return !scalars.contains(where: isLeftToRight) && isRightToLeft(first) && isRightToLeft(last)
    }

    private static func inRightToLeftBlock(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        guard inRightToLeftBlock(scalar.value) else { return scalar.value == 0x200F }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .decimalNumber, .format: return false
        default: return true
        }
    }

    private static func isLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
        guard !inRightToLeftBlock(scalar.value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark:
            return true
        default:
            return false
        }
    }
}
