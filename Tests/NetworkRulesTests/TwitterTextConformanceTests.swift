import Foundation
import Testing
import Yams
@testable import NetworkRules

/// twitter-text's own conformance suite (`shared/conformance/twitter-text/validate.yml`), read at
/// test time. Each section runs under the configuration twitter-text's ports run it with: the
/// counter under v2 (emoji weighed code point by code point), the emoji and directional-marker
/// counters under v3 (what X applies today), and the `tweets` section under the legacy v1 rules
/// (140 code points), which is what its "141 characters" cases are about. `tlds.yml` checks that
/// every top-level domain turns a host into a URL.
@Suite struct TwitterTextConformanceTests {
    @Test(arguments: try TwitterTextConformance.weightedCases("WeightedTweetsCounterTest"))
    func weightedTweetsCounter_underV2_reportsWhatTwitterTextReports(_ testCase: WeightedCase) {
        let parsed = XTextRules.parse(testCase.text, configuration: .v2)
        #expect(ParseExpectation(parsed) == testCase.expected, "\(testCase.description)")
    }

    @Test(arguments: try TwitterTextConformance.weightedCases("WeightedTweetsWithDiscountedEmojiCounterTest"))
    func discountedEmojiCounter_underV3_reportsWhatTwitterTextReports(_ testCase: WeightedCase) {
        let parsed = XTextRules.parse(testCase.text)
        #expect(ParseExpectation(parsed) == testCase.expected, "\(testCase.description)")
        #expect(XTextRules.weightedLength(testCase.text) == testCase.expected.weightedLength)
    }

    @Test(arguments: try TwitterTextConformance.weightedCases("UnicodeDirectionalMarkerCounterTest"))
    func directionalMarkerCounter_underV3_reportsWhatTwitterTextReports(_ testCase: WeightedCase) {
        let parsed = XTextRules.parse(testCase.text)
        #expect(ParseExpectation(parsed) == testCase.expected, "\(testCase.description)")
    }

    @Test(arguments: try TwitterTextConformance.validityCases("tweets"))
    func tweets_underLegacyV1Rules_areValidOrNotAsExpected(_ testCase: ValidityCase) {
        let parsed = XTextRules.parse(testCase.text, configuration: .v1)
        #expect(parsed.isValid == testCase.expected, "\(testCase.description): \(parsed.weightedLength)/140")
    }

    @Test(arguments: try TwitterTextConformance.topLevelDomainCases())
    func topLevelDomains_makeAURLThatCountsAsOne(_ testCase: ExtractionCase) {
        #expect(XTextRules.parse(testCase.text).urls.map(\.url) == testCase.expected, "\(testCase.description)")
    }

    @Test func validateFile_hasOnlyTheSectionsThisSuiteKnows() throws {
        let sections = try TwitterTextConformance.validateSections()
        #expect(Set(sections.keys) == TwitterTextConformance.knownSections)
        #expect(sections["lengths"] == nil)
        for name in ["tweets", "WeightedTweetsCounterTest", "WeightedTweetsWithDiscountedEmojiCounterTest",
                     "UnicodeDirectionalMarkerCounterTest"] {
            #expect(try !TwitterTextConformance.cases(in: name).isEmpty, "\(name)")
        }
    }

    @Test func v3Configuration_isConfigV3Json() throws {
        let json = try TwitterTextConformance.contents(of: "config-v3.json")
        let file = try JSONDecoder().decode(ConfigFile.self, from: Data(json.utf8))
        let v3 = XTextConfiguration.v3
        #expect(file.version == v3.version)
        #expect(file.maxWeightedTweetLength == v3.maxWeightedTweetLength)
        #expect(file.scale == v3.scale)
        #expect(file.defaultWeight == v3.defaultWeight)
        #expect(file.emojiParsingEnabled == v3.emojiParsingEnabled)
        #expect(file.transformedURLLength == v3.transformedURLLength)
        #expect(file.ranges.map { [$0.start, $0.end, $0.weight] } == v3.ranges.map { [Int($0.start), Int($0.end), $0.weight] })
        #expect(XTextRules.maxWeightedLength == file.maxWeightedTweetLength)
        #expect(XTextRules.transformedURLLength == file.transformedURLLength)
    }

    @Test func generatedTopLevelDomains_areTldLibYml() throws {
        let yaml = try TwitterTextConformance.contents(of: "tld_lib.yml")
        let lists = try YAMLDecoder().decode([String: [String]].self, from: yaml)
        #expect(Set(lists.keys) == ["country", "generic"])
        #expect(lists["country"] == XTopLevelDomains.country, "regenerate with scripts/generate-x-tlds.py")
        #expect(lists["generic"] == XTopLevelDomains.generic, "regenerate with scripts/generate-x-tlds.py")
    }
}

/// `config-v3.json` as twitter-text writes it.
private struct ConfigFile: Decodable {
    struct Range: Decodable {
        var start: Int
        var end: Int
        var weight: Int
    }

    var version: Int
    var maxWeightedTweetLength: Int
    var scale: Int
    var defaultWeight: Int
    var emojiParsingEnabled: Bool
    var transformedURLLength: Int
    var ranges: [Range]
}

private extension ParseExpectation {
    init(_ parsed: XParsedText) {
        self.init(
            weightedLength: parsed.weightedLength, valid: parsed.isValid, permillage: parsed.permillage,
            displayRangeStart: parsed.displayRange.start, displayRangeEnd: parsed.displayRange.end,
            validRangeStart: parsed.validRange.start, validRangeEnd: parsed.validRange.end
        )
    }
}
