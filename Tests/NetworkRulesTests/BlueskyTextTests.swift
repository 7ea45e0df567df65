import NetworkRules
import Testing

/// Bluesky's text limits and facets (`BlueskyText`, `BlueskyFacets`): graphemes and UTF-8 bytes, and byte ranges that
/// cover exactly the link, mention or tag.
@Suite struct BlueskyTextTests {
    @Test(arguments: [
        ("🇺🇦", 1, 8), ("👨‍👩‍👧‍👦", 1, 25), ("e\u{301}", 1, 3), ("日本語", 3, 9), ("a🏃🏽‍♀️b", 3, 19),
    ])
    func aGrapheme_countsOne_whateverItsBytes(text: String, graphemes: Int, bytes: Int) {
        #expect(BlueskyText.graphemes(text) == graphemes)
        #expect(BlueskyText.bytes(text) == bytes)
    }

    @Test func bothLimits_hold_eachNamed() {
        #expect(BlueskyText.problems(with: String(repeating: "a", count: 300)).isEmpty)
        #expect(BlueskyText.problems(with: String(repeating: "a", count: 301)) == ["the text counts 301 characters, over Bluesky's limit of 300"])
        // 300 families are 300 graphemes but 7,500 bytes.
        let families = String(repeating: "👨‍👩‍👧‍👦", count: 300)
        #expect(BlueskyText.problems(with: families) == ["the text is 7500 bytes in UTF-8, over Bluesky's limit of 3000"])
    }

    /// The text a facet's byte range covers, read back from the UTF-8 bytes.
    private func covered(_ facet: BlueskyFacets.Facet, in text: String) -> String {
        String(decoding: Array(text.utf8)[facet.byteStart..<facet.byteEnd], as: UTF8.self)
    }

    @Test func links_mentions_andTags_coverExactlyTheirText_inBytes() {
        let text = "🇺🇦 Long run with @alice.bsky.social, see https://example.com/run?id=1. #Marathon2026! (example.org) #42 日本 #ランニング"
        let facets = BlueskyFacets.detect(text)
        #expect(facets.map(\.feature) == [
            .mention(handle: "alice.bsky.social"), .link(uri: "https://example.com/run?id=1"), .tag("Marathon2026"),
            .link(uri: "https://example.org"), .tag("ランニング"),
        ])
        #expect(facets.map { covered($0, in: text) } == [
            "@alice.bsky.social", "https://example.com/run?id=1", "#Marathon2026", "example.org", "#ランニング",
        ])
    }

    /// Issue 48, item 21: atproto's own detection takes a `.test` handle (its test networks' and a PDS's of one's own),
    /// as a mention only: `example.test` is no link.
    @Test func aTestHandle_isAMention_butATestHostIsNoLink() {
        let text = "Easy miles with @mara.pds.test and @Bo.test. Map at example.test"
        #expect(BlueskyFacets.detect(text).map(\.feature) == [.mention(handle: "mara.pds.test"), .mention(handle: "Bo.test")])
        #expect(BlueskyFacets.detect("@.test @test").isEmpty)
    }

    @Test func whatIsNotAFacet_staysPlainText() {
        for text in ["email me at a@b", "see e.g. this", "node.js rocks", "#123", "#", "https://", "@nobody", "a#tag", "x@alice.bsky.social"] {
            #expect(BlueskyFacets.detect(text).isEmpty, "\(text)")
        }
    }

    @Test func aTag_isAtMost64Characters() {
        #expect(BlueskyFacets.detect("#" + String(repeating: "a", count: 64)).count == 1)
        #expect(BlueskyFacets.detect("#" + String(repeating: "a", count: 65)).isEmpty)
    }
}
