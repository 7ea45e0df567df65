import Foundation

/// Media files the tests attach: real JPEG and PNG files made for them (4:5, 3:1).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
