// Ported from twitter-text (Apache License 2.0, Copyright 2018 Twitter, Inc.): the URL parts of
// java/src/main/java/com/twitter/twittertext/Regex.java, kept piece for piece so they can be compared.
import Foundation

/// The regular expressions twitter-text uses to find URLs, in ICU syntax.
///
/// Java compiles them case-insensitively for ASCII only; here they are written in lower case and
/// matched against a copy of the text whose ASCII letters were lowered, which keeps every UTF-16
/// offset and leaves non-ASCII letters alone exactly as Java does.
enum XURLPattern {
    /// Capture groups of ``validURL``.
    enum Group {
        static let before = 2, url = 3, urlProtocol = 4, domain = 5
    }

    /// Finds a URL with the character before it; see ``Group``.
    static let validURL = compile(validURLPattern)
    /// A t.co link: only its slug and query are part of the URL.
    static let validTcoURL = compile("^https?://t\\.co/([a-z0-9]+)(?:\\?" + queryChars + "*" + queryEndingChars + ")?")
    /// Characters that make a text invalid wherever they are.
    static let invalidCharacters: Set<UInt16> = [0xFFFE, 0xFEFF, 0xFFFF]
    /// A URL without a scheme is not taken when it follows one of these.
    static let invalidCharactersBeforeURLWithoutProtocol: Set<UInt16> = [0x2D, 0x5F, 0x2E, 0x2F]  // - _ . /

    private static func compile(_ pattern: String) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            fatalError("twitter-text URL pattern does not compile: \(error)")
        }
    }

    private static let invalidChars = "\\uFFFE\\uFEFF\\uFFFF"
    private static let directionalChars = "\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069"
    private static let latinAccents = "\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0100-\\u024F"
        + "\\u0253\\u0254\\u0256\\u0257\\u0259\\u025B\\u0263\\u0268\\u026F\\u0272\\u0289\\u028B\\u02BB"
        + "\\u0300-\\u036F\\u1E00-\\u1EFF"
    private static let cyrillic = "\\u0400-\\u04FF"

    /// Java: `(?:(?:tld1|tld2|…)(?=[^a-z0-9@+-]|$))`; the alternation is factored (see `alternation(of:)`).
    private static func tlds(_ list: [String]) -> String {
        "(?:" + alternation(of: list) + "(?=[^a-z0-9@+\\-]|$))"
    }

    private static let gTLD = tlds(XTopLevelDomains.generic)
    private static let ccTLD = tlds(XTopLevelDomains.country)
    private static let punycode = "(?:xn--[\\-0-9a-z]+)"

    private static let precedingChars =
        "(?:[^a-z0-9@\\uFF20\\$#\\uFF03" + invalidChars + "]|[" + directionalChars + "]|^)"

    private static let validChars = "a-z0-9" + latinAccents
    private static let subdomain = "(?>(?:[" + validChars + "][" + validChars + "\\-_]*)?[" + validChars + "]\\.)"
    private static let domainName = "(?:(?:[" + validChars + "][" + validChars + "\\-]*)?[" + validChars + "]\\.)"

    /// Java's `[^PUNCTUATION \s \p{Z} \p{InGeneralPunctuation}]`; Java's `\s` is ASCII-only.
    private static let notUnicodeCharsExceptHyphen =
        "_!\"#\\$%\\&'\\(\\)\\*\\+,\\./:;<=>\\?@\\[\\]\\^`\\{\\|\\}~\\t\\n\\x0B\\f\\r \\p{Z}\\u2000-\\u206F"
    private static let unicodeChar = "[^\\-" + notUnicodeCharsExceptHyphen + "]"
    private static let unicodeCharOrHyphen = "[^" + notUnicodeCharsExceptHyphen + "]"
    private static let unicodeDomainName = "(?:(?:" + unicodeChar + unicodeCharOrHyphen + "*)?" + unicodeChar + "\\.)"

    private static let domain =
        "(?:" + subdomain + "*" + domainName + "(?:" + gTLD + "|" + ccTLD + "|" + punycode + "))"
        + "|(?:(?<=https?://)(?:(?:" + domainName + ccTLD + ")|(?:" + unicodeDomainName + "(?:" + gTLD + "|" + ccTLD + "))))"
        + "|(?:" + domainName + ccTLD + "(?=/))"

    private static let generalPathChars =
        "[a-z0-9!\\*';:=\\+,\\.\\$/%#\\[\\]\\-\\u2013_~\\|\\&@" + latinAccents + cyrillic + "]"
    private static let balancedParens =
        "\\((?:" + generalPathChars + "+|(?:" + generalPathChars + "*\\(" + generalPathChars + "+\\)"
        + generalPathChars + "*))\\)"
    private static let pathEndingChars =
        "[a-z0-9=_#/\\-\\+" + latinAccents + cyrillic + "]|(?:" + balancedParens + ")"
    private static let path =
        "(?:(?:" + generalPathChars + "*(?:" + balancedParens + generalPathChars + "*)*" + pathEndingChars + ")"
        + "|(?:@" + generalPathChars + "+/))"
    private static let queryChars = "[a-z0-9!\\?\\*'\\(\\);:\\&=\\+\\$/%#\\[\\]\\-_\\.,~\\|@]"
    private static let queryEndingChars = "[a-z0-9\\-_\\&=#/]"

    private static let validURLPattern =
        "((" + precedingChars + ")((https?://)?(" + domain + ")(?::([0-9]++))?(/" + path + "*+)?(\\?"
        + queryChars + "*" + queryEndingChars + ")?))"
}
