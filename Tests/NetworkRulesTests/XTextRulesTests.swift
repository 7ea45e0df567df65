import Testing
@testable import NetworkRules

/// X's weighted length (twitter-text v3): what is counted at schedule time is what X counts at publish time.
@Suite struct XTextRulesTests {
    @Test(arguments: [
        ("hello", 5),
        ("Sunday Morning Run — 10 km", 26),
        ("漢字", 4),
        ("日本語のテキスト", 16),
        ("a漢", 3),
        ("😀", 2),
        ("", 0),
    ])
    func weightedLength_countsLatinOneAndCJKTwo(text: String, weight: Int) {
        #expect(XTextRules.weightedLength(text) == weight)
    }

    @Test func weightedLength_normalisesToNFCFirst() {
        let decomposed = "Cafe\u{301}"
        let precomposed = "Caf\u{E9}"
        #expect(decomposed.unicodeScalars.count == 5)
        #expect(XTextRules.weightedLength(decomposed) == 4)
        #expect(XTextRules.weightedLength(precomposed) == 4)
        // A Hangul syllable typed as jamo composes to one character that weighs 2.
        #expect(XTextRules.weightedLength("\u{1100}\u{1161}") == 2)
    }

    @Test(arguments: [
        ("https://example.com/a/path/much/longer/than/twenty-three/characters", 23),
        ("example.com", 23),
        ("read foo.co.jp/news today", 5 + 23 + 6),
        ("t.co/abc", 23),
        ("example.notatld", 15),
        ("file.txt", 8),
    ])
    func weightedLength_countsEachURLAsTwentyThree(text: String, weight: Int) {
        #expect(XTextRules.weightedLength(text) == weight)
    }

    @Test(arguments: [
        ("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2),
        ("🇯🇵", 2),
        ("👍🏽", 2),
        ("1\u{FE0F}\u{20E3}", 2),
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),
        ("\u{A9}", 1),
        ("\u{A9}\u{FE0F}", 2),
        ("1", 1),
    ])
    func weightedLength_countsAnEmojiSequenceAsOneWideCharacter(text: String, weight: Int) {
        #expect(XTextRules.weightedLength(text) == weight)
    }

    @Test func parse_reportsTheURLsAndTheirOffsets() {
        let parsed = XTextRules.parse("Route: https://maps.example.com/run?id=7 🏃")
        #expect(parsed.weightedLength == 7 + 23 + 1 + 2)
        #expect(parsed.isValid)
        #expect(parsed.permillage == 33 * 1000 / 280)
        #expect(parsed.urls.map(\.url) == ["https://maps.example.com/run?id=7"])
        #expect(parsed.urls.map(\.utf16Range) == [7..<40])
        #expect(parsed.displayRange == XTextRange(start: 0, end: 42))
        #expect(parsed.validRange == parsed.displayRange)
    }

    @Test func parse_marksWhereTheTextStopsFitting() {
        let parsed = XTextRules.parse(String(repeating: "a", count: 279) + "漢字")
        #expect(parsed.weightedLength == 283)
        #expect(!parsed.isValid)
        #expect(parsed.displayRange == XTextRange(start: 0, end: 280))
        #expect(parsed.validRange == XTextRange(start: 0, end: 278))
    }

    @Test func parse_refusesNoncharactersAndBlankText() {
        #expect(!XTextRules.parse("hello \u{FFFF}").isValid)
        #expect(!XTextRules.parse("byte order mark \u{FEFF}").isValid)
        #expect(XTextRules.parse(" \n\t") == .empty)
    }

    @Test func rules_acceptExactly280() {
        let rules = XTextRules.rules
        #expect(rules.maxLength == 280)
        #expect(rules.problems(with: String(repeating: "a", count: 280), networkName: "X").isEmpty)
        #expect(rules.problems(with: String(repeating: "a", count: 281), networkName: "X") == [
            "the text counts 281 characters, over X's limit of 280",
        ])
        #expect(rules.problems(with: String(repeating: "漢", count: 140), networkName: "X").isEmpty)
        #expect(!rules.problems(with: String(repeating: "漢", count: 140) + "a", networkName: "X").isEmpty)
    }

    @Test func rules_refuseEmptyText() {
        #expect(XTextRules.rules.problems(with: " \n\t", networkName: "X") == ["the text is empty"])
    }

    @Test func characters_countsUserPerceivedCharacters() {
        let rules = TextRules.characters(max: 3)
        #expect(rules.count("e\u{301}漢😀") == 3)
        #expect(rules.problems(with: "abcd", networkName: "LinkedIn") == ["the text counts 4 characters, over LinkedIn's limit of 3"])
    }

    @Test func aVeryLongDottedText_isCountedWithoutParsing_andQuickly() {
        let text = String(repeating: "a.", count: 30_000)
        let started = ContinuousClock.now
        #expect(XTextRules.weightedLength(text) == 60_000)
        #expect(ContinuousClock.now - started < .seconds(5), "no quadratic URL matching on hostile input")
    }
}
