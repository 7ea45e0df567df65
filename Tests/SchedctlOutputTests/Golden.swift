import Foundation
import Testing

/// Golden files beside the tests: `UPDATE_GOLDEN=1` writes them again after a deliberate change (then read the diff).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ drawn: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" { try drawn.write(to: file, atomically: true, encoding: .utf8) }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(drawn == expected, "\(name) differs:\n\(drawn)", sourceLocation: sourceLocation)
    }
}
