import Testing
@testable import NetworkRules

/// The host check behind "is this a URL?": IDNA 2003 with nameprep and Punycode, as Java's
/// `IDN.toASCII` does it. Expected values agree with Python's `idna` codec (also IDNA 2003).
@Suite struct XIDNATests {
    @Test(arguments: [
        ("☃.net", "xn--n3h.net"),
        ("bücher.de", "xn--bcher-kva.de"),
        ("例え.テスト", "xn--r8jz45g.xn--zckzah"),
        ("foobar.پاکستان", "foobar.xn--mgbai9azgqp6j"),
        ("😀.com", "xn--e28h.com"),
        ("straße.de", "strasse.de"),
        ("ＥＸＡＭＰＬＥ.com", "example.com"),
        ("İstanbul.tr", "xn--istanbul-o0e.tr"),
    ])
    func toASCII_encodesEachLabel(host: String, ascii: String) {
        #expect(XIDNA.toASCII(host) == ascii)
    }

    @Test func toASCII_refusesLabelsOver63AndForbiddenText() {
        #expect(XIDNA.toASCII(String(repeating: "a", count: 63) + ".com") != nil)
        #expect(XIDNA.toASCII(String(repeating: "a", count: 64) + ".com") == nil)
        let kana = String(repeating: "あいうえおかきくけこ", count: 5)
        #expect(XIDNA.toASCII(kana + "あい.com") != nil, "52 kana encode to exactly 63 characters")
        #expect(XIDNA.toASCII(kana + "あいう.com") == nil, "53 kana encode to more than 63")
        #expect(XIDNA.toASCII("\u{E000}.com") == nil, "private use")
        #expect(XIDNA.toASCII("abcپاکستان.com") == nil, "left-to-right and right-to-left letters in one label")
    }
}
