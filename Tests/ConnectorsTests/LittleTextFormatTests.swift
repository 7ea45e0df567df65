import Testing
@testable import Connectors

/// LinkedIn's little text format: escaping for the wire, so it stays with the connector (moved from `MediaRulesTests`,
/// whose other tests went to `NetworkRulesTests`).
@Suite struct LittleTextFormatTests {
    @Test func linkedinCommentary_escapesEveryReservedCharacter() {
        #expect(LittleTextFormat.escape("Run (10k) #pb @club [x] {y} <z> *a* _b_ ~c~ | \\") ==
                "Run \\(10k\\) \\#pb \\@club \\[x\\] \\{y\\} \\<z\\> \\*a\\* \\_b\\_ \\~c\\~ \\| \\\\")
        #expect(LittleTextFormat.escape("plain text, 10 km.") == "plain text, 10 km.")
    }
}
