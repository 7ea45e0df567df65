import Testing
@testable import Connectors

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
}
