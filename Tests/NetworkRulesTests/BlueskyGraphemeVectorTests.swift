import Foundation
import NetworkRules
import Testing

/// Bluesky's counting against an independent one: Fixtures/grapheme-vectors.json holds texts (flags, ZWJ families,
/// combining marks, CJK, Thai, URLs) with their extended grapheme clusters counted by Python's `regex` module and
/// their UTF-8 bytes (scripts/generate-grapheme-vectors.py), so a difference in how Swift splits graphemes shows here.
@Suite struct BlueskyGraphemeVectorTests {
    struct Vectors: Decodable {
        struct Vector: Decodable {
            var text: String
            var graphemes: Int
            var bytes: Int
        }
        var generator: String
        var vectors: [Vector]
    }

    @Test func everyVector_countsAsTheIndependentCounterSays() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/grapheme-vectors.json")
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        #expect(vectors.vectors.count >= 15)
        for vector in vectors.vectors {
            #expect(BlueskyText.graphemes(vector.text) == vector.graphemes, "\(vector.text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(BlueskyText.bytes(vector.text) == vector.bytes, "\(vector.text)")
        }
    }
}
