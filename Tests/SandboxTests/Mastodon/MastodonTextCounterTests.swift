import Testing

@testable import Sandbox

/// The sandbox's own Mastodon counter: graphemes, links as 23, remote mentions as their local part, the warning too.
@Suite struct MastodonTextCounterTests {
    let counter = MastodonTextCounter(charactersReservedPerURL: 23)

    @Test func graphemes_countOnceEach_emojiSequencesIncluded() {
        #expect(counter.length(text: "héllo") == 5)
        #expect(counter.length(text: "👩‍👩‍👧‍👦🇫🇷") == 2)
    }

    @Test(arguments: [
        ("https://example.com/a/very/long/path/that/goes/on/and/on?with=query", 23),
        ("http://a.co", 23),
        ("see https://example.com/run.", 4 + 23 + 1),
        ("(https://example.com/run)", 1 + 23 + 1),
        ("https://en.wikipedia.org/wiki/Run_(film)", 23),
    ])
    func aLinkWithAScheme_countsAs23(_ text: String, _ expected: Int) {
        #expect(counter.length(text: text) == expected)
    }

    @Test func aBareDomain_countsInFull_andALinkGluedToAWord_isNoLink() {
        #expect(counter.length(text: "example.com/run") == 15)
        #expect(counter.length(text: "xhttps://example.com") == 20)
    }

    @Test func aLinkWhoseHostIsNotPlainlyADomain_countsAsTheLongerOfItselfAnd23() {
        #expect(counter.length(text: "http://localhost") == 23)
        #expect(counter.length(text: "http://localhost:8080/a/path/longer/than/the/reserve") == 52)
    }

    @Test func aRemoteMention_countsAsItsLocalPart_aLocalOneInFull() {
        #expect(counter.length(text: "@alice@mastodon.example.social") == 6)
        #expect(counter.length(text: "hi @alice") == 9)
        #expect(counter.length(text: "hi @alice@example.social.") == 10)
        #expect(counter.length(text: "mail bob@example.com") == 20)
        #expect(counter.length(text: "https://example.social/@alice@example.com") == 23)
    }

    @Test func theContentWarning_countsInFull_withNoConcessions() {
        #expect(counter.length(text: "https://example.com/x", spoilerText: "CW https://example.com/x") == 24 + 23)
        #expect(counter.length(text: "", spoilerText: "@alice@example.social") == 21)
    }
}
