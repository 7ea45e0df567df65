#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The length X gives a post when it decides whether to accept it (docs.x.com "Counting characters";
/// twitter-text configuration v3), in the sandbox's own words, written apart from the client's port of
/// twitter-text: after NFC, a code point in 0–4351, 8192–8205, 8208–8223 or 8242–8247 weighs 1 and every
/// other weighs 2; an emoji (a whole sequence, with its joiners, skin tones and variation selectors)
/// weighs 2; every URL counts 23, as X wraps it in a t.co link. More than 280 is refused.
///
/// URLs are found more simply than twitter-text does: `http://` or `https://` up to the next space, and
/// bare domains ending in one of the common TLDs below. A bare domain under another TLD is counted by its
/// characters; that is stricter than X for long ones and can only differ for texts at the limit.
enum XWeightedLength {
    /// The most a post may weigh, in characters of weight 1.
    static let limit = 280
    /// What X counts for any URL: the length of a t.co link.
    static let urlWeight = 23

    /// The top-level domains a bare domain (`example.com/route`) is recognised by.
    static let commonTopLevelDomains: Set<String> = [
        "com", "org", "net", "edu", "gov", "io", "co", "me", "info", "biz", "app", "dev", "ly", "tv", "uk", "de", "fr", "es", "it", "nl",
        "eu", "us", "ca", "au", "jp", "cn", "in", "br", "ru", "ch", "se", "no", "fi", "dk", "pl", "be", "at", "ie", "nz", "run", "club",
    ]

    /// The weighted length of `text`.
    static func of(_ text: String) -> Int {
        // Far over the limit whatever the weights: not worth parsing.
        if text.unicodeScalars.count > 20 * limit { return text.unicodeScalars.count }
        let normalized = text.precomposedStringWithCanonicalMapping
        var total = 0
        var rest = Substring(normalized)
        while let url = firstURL(in: rest) {
            total += weight(of: rest[..<url.lowerBound]) + urlWeight
            rest = rest[url.upperBound...]
        }
        return total + weight(of: rest)
    }

    /// The summed weight of text with no URL in it, character by character.
    private static func weight(of text: Substring) -> Int {
        text.reduce(0) { $0 + weight(of: $1) }
    }

    /// 2 for an emoji however many code points it has; otherwise each code point's weight.
    private static func weight(of character: Character) -> Int {
        if isEmoji(character) { return 2 }
        return character.unicodeScalars.reduce(0) { $0 + weight(of: $1) }
    }

    private static func weight(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0...4351, 8192...8205, 8208...8223, 8242...8247: 1
        default: 2
        }
    }

    /// A character drawn as an emoji: one shown as emoji by default, one asked to be (U+FE0F), a keycap,
    /// or a sequence joined by U+200D or carrying a skin tone.
    private static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) }
    }

    /// The first URL in `text`: a scheme URL, or a bare domain with a common TLD (and its path).
    static func firstURL(in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            let before = index == text.startIndex ? nil : text[text.index(before: index)]
            if before.map(startsWord) ?? true, let end = urlEnd(in: text, from: index) {
                return index..<end
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Where a URL that starts at `start` ends, or nil when none starts there.
    private static func urlEnd(in text: Substring, from start: Substring.Index) -> Substring.Index? {
        let tail = text[start...]
        let lowered = tail.prefix(8).lowercased()
        let token = tail.prefix { !$0.isWhitespace }
        let trimmed = token.reversed().drop { ".,;:!?)]}'\"".contains($0) }.count
        let candidate = token.prefix(trimmed)
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let afterScheme = candidate.drop { $0 != "/" }.dropFirst(2)
            let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            // A label longer than DNS allows (63, counted as its punycode `xn--` form) makes it no URL at all.
            guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && dnsLength(of: $0) <= 63 }) else { return nil }
            return candidate.endIndex
        }
        let host = candidate.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, commonTopLevelDomains.contains(String(tld)),
              labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
        else { return nil }
        return candidate.endIndex
    }

    /// A label's length on the wire: itself when ASCII, else `xn--` and its punycode (RFC 3492).
    static func dnsLength(of label: Substring) -> Int {
        let scalars = label.lowercased().unicodeScalars.map(\.value)
        guard scalars.contains(where: { $0 >= 0x80 }) else { return scalars.count }
        return 4 + punycode(scalars).count
    }

    /// RFC 3492 §6.3: the punycode encoding of `input` (code points), written here for its length only.
    static func punycode(_ input: [UInt32]) -> [UInt8] {
        let base: UInt32 = 36, tMin: UInt32 = 1, tMax: UInt32 = 26, skew: UInt32 = 38, damp: UInt32 = 700
        var output = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = UInt32(output.count)
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n: UInt32 = 0x80, delta: UInt32 = 0, bias: UInt32 = 72, handled = basicCount
        func digit(_ d: UInt32) -> UInt8 { UInt8(d < 26 ? d + 97 : d + 22) }
        func adapt(_ delta: UInt32, _ points: UInt32, _ first: Bool) -> UInt32 {
            var delta = first ? delta / damp : delta / 2
            delta += delta / points
            var k: UInt32 = 0
            while delta > ((base - tMin) * tMax) / 2 { delta /= base - tMin; k += base }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }
        while handled < UInt32(input.count) {
            let m = input.filter { $0 >= n }.min()!
            delta &+= (m - n) &* (handled + 1)
            n = m
            for c in input {
                if c < n { delta &+= 1 }
                guard c == n else { continue }
                var q = delta, k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, handled == basicCount)
                delta = 0
                handled += 1
            }
            delta &+= 1
            n += 1
        }
        return output
    }

    /// A URL starts a word: at the text's start, or after something that is neither a letter, a digit, `@`, `.` nor `/`.
    private static func startsWord(after character: Character) -> Bool {
        !(character.isLetter || character.isNumber || character == "@" || character == "." || character == "/" || character == "_" || character == "-")
    }
}
