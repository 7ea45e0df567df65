import Foundation

/// The built executables, found beside the test bundle in SwiftPM's build folder.
enum Products {
    static let directory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
    }()

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}

/// A private temporary directory for one test, removed at the end.
final class TemporaryDirectory {
    let path: String

    init(_ label: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("schedulerd-e2e-\(label)-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Polls `condition` every 20 ms until it holds or `timeout` passes; never a blind sleep.
func eventually(timeout: Duration = .seconds(15), _ what: String, _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    throw E2EError("timed out after \(timeout) waiting for \(what)")
}

struct E2EError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
