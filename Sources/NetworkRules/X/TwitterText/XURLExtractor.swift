// Ported from twitter-text (Apache License 2.0, Copyright 2018 Twitter, Inc.):
// Extractor.extractURLsWithIndices and Extractor.isValidHostAndLength (Java).
import Foundation

/// Finds the URLs in a post the way X does, including hosts written without a scheme.
enum XURLExtractor {
    /// The longest URL X accepts, counted with a scheme.
    static let maxURLLength = 4096
    /// The longest t.co slug X accepts.
    static let maxTcoSlugLength = 40
    /// A URL without a scheme is checked as if it had `https://`.
    private static let assumedProtocolLength = "https://".utf16.count

    /// The URLs in `text` (already NFC-normalised), with UTF-16 ranges, left to right.
    static func urls(in text: String) -> [XTextURL] {
        guard text.utf16.contains(0x2E) else { return [] }  // no "." means no URL
        let original = text as NSString
        let lowered = asciiLowercased(text) as NSString
        let whole = NSRange(location: 0, length: lowered.length)
        return XURLPattern.validURL.matches(in: lowered as String, range: whole).compactMap { match in
            url(from: match, original: original, lowered: lowered)
        }
    }

    private static func url(from match: NSTextCheckingResult, original: NSString, lowered: NSString) -> XTextURL? {
        let protocolRange = match.range(at: XURLPattern.Group.urlProtocol)
        let hasProtocol = protocolRange.location != NSNotFound && protocolRange.length > 0
        if !hasProtocol, isInvalidBeforeURLWithoutProtocol(match.range(at: XURLPattern.Group.before), in: original) {
            return nil
        }
        var range = match.range(at: XURLPattern.Group.url)
        let loweredURL = lowered.substring(with: range)
        if let tco = XURLPattern.validTcoURL.firstMatch(in: loweredURL, range: NSRange(location: 0, length: range.length)) {
            guard tco.range(at: 1).length <= maxTcoSlugLength else { return nil }
            range.length = tco.range.length
        }
        let host = original.substring(with: match.range(at: XURLPattern.Group.domain))
        guard isValidHostAndLength(urlLength: range.length, hasProtocol: hasProtocol, host: host) else { return nil }
        return XTextURL(url: original.substring(with: range), utf16Range: range.location..<(range.location + range.length))
    }

    /// A URL without a scheme right after `-`, `_`, `.` or `/` is part of something else.
    private static func isInvalidBeforeURLWithoutProtocol(_ before: NSRange, in text: NSString) -> Bool {
        before.location != NSNotFound && before.length == 1
            && XURLPattern.invalidCharactersBeforeURLWithoutProtocol.contains(text.character(at: before.location))
    }

    /// The host converts to ASCII (IDNA) and the whole URL, so converted, is at most 4096 long.
    static func isValidHostAndLength(urlLength: Int, hasProtocol: Bool, host: String) -> Bool {
        guard !host.isEmpty, let asciiHost = XIDNA.toASCII(host), !asciiHost.isEmpty else { return false }
        let length = urlLength + asciiHost.utf16.count - host.utf16.count
        return length + (hasProtocol ? 0 : assumedProtocolLength) <= maxURLLength
    }

    /// `text` with A-Z lowered and nothing else changed, so UTF-16 offsets stay the same.
    private static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf16.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF16.self)
    }
}
