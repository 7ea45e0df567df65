import Foundation
import SchedulerCore
import Testing

@testable import Connectors

/// The text comparisons look-ups rely on: whitespace is forgiven, X's t.co links and escapes are
/// undone, and nothing else is, so a different post with nearly the same text never passes for ours.
@Suite struct MatchingTextTests {
    // MARK: normalisedForMatching

    @Test(arguments: [
        ("Club run\r\ntonight", "Club run tonight"),
        ("  Club   run\t tonight \n\n", "Club run tonight"),
        ("Club run\rtonight", "Club run tonight"),
        ("Line one  \nLine two", "Line one Line two"),
        ("", ""),
        (" \n\t ", ""),
    ])
    func normalised_turnsEveryWhitespaceRunIntoOneSpace_andTrims(input: String, expected: String) {
        #expect(RecentPosts.normalisedForMatching(input) == expected)
    }

    @Test func normalised_composesUnicode_soADecomposedAccentIsTheSameText() {
        #expect(RecentPosts.normalisedForMatching("Cafe\u{301} run") == RecentPosts.normalisedForMatching("Caf\u{E9} run"))
    }

    @Test func matches_forgivesWhitespaceOnly() {
        #expect(RecentPosts.matches("Tempo 5 × 1 km  \r\nsee you", "Tempo 5 × 1 km\nsee you"))
        #expect(!RecentPosts.matches("Tempo 5 × 1 km", "Tempo 5 × 2 km"))
        #expect(!RecentPosts.matches("Tempo 5 × 1 km.", "Tempo 5 × 1 km"))
        #expect(!RecentPosts.matches("tempo 5 × 1 km", "Tempo 5 × 1 km"), "case is part of the text")
        #expect(!RecentPosts.matches("Tempo5 × 1 km", "Tempo 5 × 1 km"), "removing a space is not the same as tidying one")
        #expect(!RecentPosts.matches(nil, "Tempo"))
    }

    // MARK: X

    static func listed(_ text: String, urls: [(String, String)] = []) -> JSONValue {
        var item: [String: JSONValue] = ["id": .string("1"), "text": .string(text)]
        if !urls.isEmpty {
            item["entities"] = .object(["urls": .array(urls.map { .object(["url": .string($0.0), "expanded_url": .string($0.1), "display_url": .string("x")]) })])
        }
        return .object(item)
    }

    @Test func decodeEntities_undoesAmpLtGt_inOnePass() {
        #expect(XListedPost.decodeEntities("Q&amp;A &lt;3 &gt; 2") == "Q&A <3 > 2")
        #expect(XListedPost.decodeEntities("&amp;lt; stays one level") == "&lt; stays one level")
        #expect(XListedPost.decodeEntities("AT&T & co &quot;") == "AT&T & co &quot;", "X does not escape quotes, so &quot; is text")
    }

    @Test func x_matchesThroughTcoLinksAndEscapes() {
        let sent = "Results & splits <here>: https://example.com/run?a=1&b=2 and example.org"
        let item = Self.listed("Results &amp; splits &lt;here&gt;: https://t.co/AAAAAAAAAA and https://t.co/BBBBBBBBBB",
                               urls: [("https://t.co/AAAAAAAAAA", "https://example.com/run?a=1&b=2"), ("https://t.co/BBBBBBBBBB", "http://example.org")])
        #expect(XListedPost.matches(item, sent: sent))
        #expect(XListedPost.matches(item, sent: "Results & splits <here>: https://example.com/run?a=1&b=2 and http://example.org"),
                "a bare domain comes back with http:// and either reading is ours")
    }

    @Test func x_doesNotMatchANearlyIdenticalPost() {
        let item = Self.listed("Results &amp; splits: https://t.co/AAAAAAAAAA", urls: [("https://t.co/AAAAAAAAAA", "https://example.com/run/1")])
        #expect(!XListedPost.matches(item, sent: "Results & splits: https://example.com/run/2"), "another link is another post")
        #expect(!XListedPost.matches(item, sent: "Results and splits: https://example.com/run/1"))
        #expect(!XListedPost.matches(item, sent: "Results &amp; splits: https://example.com/run/1"), "we sent the entity literally: X would list &amp;amp;")
        #expect(!XListedPost.matches(Self.listed("Results &amp; splits: https://t.co/AAAAAAAAAA"), sent: "Results & splits: https://example.com/run/1"),
                "without entities the link cannot be undone, so it is not taken for ours")
    }

    @Test func x_matchesPlainTextAndForgivesWhitespace() {
        #expect(XListedPost.matches(Self.listed("Easy 10k\n\nfelt good"), sent: "Easy 10k\r\n\r\nfelt good  "))
        #expect(!XListedPost.matches(Self.listed("Easy 10k"), sent: "Easy 12k"))
    }
}
