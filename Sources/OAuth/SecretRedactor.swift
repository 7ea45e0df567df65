import CryptoPrimitives

/// Masks a request's secrets in text that came from elsewhere (a server's error description, a
/// transport error), so quoting a server can never leak a token, code, verifier or client secret.
///
/// Servers sometimes echo what they received ("invalid code abc123…"); this is why every quoted
/// text goes through here, shortened and stripped of control characters, before it reaches a message.
struct SecretRedactor: Sendable {
    /// Quoted server text longer than this is cut: a message is for a person, not a body dump.
    static let maxQuotedLength = 300

    private let secrets: [String]

    /// - Parameter secrets: the raw values to mask; each is also masked in its percent-encoded and
    ///   form-encoded forms. Values shorter than 4 characters are ignored (masking "1" would mangle
    ///   every number in the text).
    init(_ secrets: [String?]) {
        var found = Set<String>()
        for case let secret? in secrets where secret.count >= 4 {
            found.insert(secret)
            found.insert(PercentEncoding.encode(secret))
            found.insert(PercentEncoding.encode(secret).replacingAll("%20", with: "+"))
        }
        self.secrets = found.sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced by `***`, control characters turned into spaces, and cut to
    /// ``maxQuotedLength`` characters.
    func scrub(_ text: String) -> String {
        var result = String(text.map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? " " : $0 })
        for secret in secrets where result.contains(secret) {
            result = result.replacingAll(secret, with: "***")
        }
        if result.count > Self.maxQuotedLength {
            result = String(result.prefix(Self.maxQuotedLength)) + "…"
        }
        return result.trimmingSpaces
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// Without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
