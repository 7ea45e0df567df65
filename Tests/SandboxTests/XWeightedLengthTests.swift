import Foundation
import Testing
import Yams

@testable import Sandbox

/// The sandbox's own weighted count agrees with twitter-text's published conformance cases (configuration
/// v3, `WeightedTweetsWithDiscountedEmojiCounterTest`), read in place from `../shared/conformance`.
@Suite struct XWeightedLengthTests {
    /// Cases the sandbox's simpler URL rule counts differently, each on the strict side: a scheme URL
    /// with labels too long to be a domain still counts 23 here, and is far over the limit either way.
    static let countedDifferently: Set<String> = ["Handle long url with invalid domain labels and short url"]

    @Test func weightedLength_matchesTwitterTextsConformanceCases() throws {
        let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("../shared/conformance/twitter-text/validate.yml").standardizedFileURL
        let document = try #require(try Yams.load(yaml: String(contentsOf: file, encoding: .utf8)) as? [String: Any])
        let tests = try #require(document["tests"] as? [String: Any])
        let cases = try #require(tests["WeightedTweetsWithDiscountedEmojiCounterTest"] as? [[String: Any]])
        #expect(cases.count >= 20)
        for testCase in cases {
            let description = testCase["description"] as? String ?? "?"
            let text = try #require(testCase["text"] as? String)
            let expected = try #require(testCase["expected"] as? [String: Any])
            let weighted = try #require(expected["weightedLength"] as? Int)
            let valid = try #require(expected["valid"] as? Bool)
            #expect((XWeightedLength.of(text) <= XWeightedLength.limit) == valid, "\(description)")
            if !Self.countedDifferently.contains(description) {
                #expect(XWeightedLength.of(text) == weighted, "\(description)")
            }
        }
    }
}
