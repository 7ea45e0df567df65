import Foundation
import Testing
@testable import SchedctlOutput

/// `--json` output is the daemon's JSON indented byte by byte: the same document, two spaces a level, `"key" : value`.
@Suite struct JSONIndentTests {
    struct Post: Codable, Equatable {
        var id: Int
        var text: String
        var tags: [String]
        var empty: [Int]
        var none: [String: Int]
        var nested: [String: [Int]]
        var ratio: Double?
        var flag: Bool
    }

    @Test func theLayout_isTwoSpacesAndKeyColonValue_andTheDocumentTheSame() throws {
        let posts = [Post(id: 1, text: "Long run {Sunday}, \"quoted\" \\ [brackets]: a,b", tags: ["x", "y"], empty: [], none: [:],
                          nested: ["a": [1, 2], "b": []], ratio: 0.5, flag: true),
                     Post(id: 2, text: "Émoji 🏃‍♀️ and\nnewline", tags: [], empty: [], none: ["k": 3], nested: [:], ratio: nil, flag: false)]
        let compact = JSONEncoder()
        compact.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

        let indented = JSONIndent.pretty(try compact.encode(posts))

        #expect(try JSONDecoder().decode([Post].self, from: Data(indented.utf8)) == posts)
        #expect(indented.hasPrefix("""
            [
              {
                "empty" : [],
                "flag" : true,
                "id" : 1,
                "nested" : {
                  "a" : [
                    1,
                    2
                  ],
                  "b" : []
                },
                "none" : {},
                "ratio" : 0.5,
                "tags" : [
                  "x",
                  "y"
                ],
                "text" : "Long run {Sunday}, \\"quoted\\" \\\\ [brackets]: a,b"
              },
            """), "\(indented)")
    }

    @Test func emptyAndScalarDocuments_andTextThatIsNotJSON_passThrough() {
        #expect(JSONIndent.pretty(Array("[]".utf8)) == "[]")
        #expect(JSONIndent.pretty(Array("{}".utf8)) == "{}")
        #expect(JSONIndent.pretty(Array("42".utf8)) == "42")
        #expect(JSONIndent.pretty(Array("\"a b\"".utf8)) == "\"a b\"")
    }
}
