import Foundation

/// The built program, found beside the test bundle in SwiftPM's build folder, by each of its names.
enum Products {
    /// `schedctl` and `sandboxd` are `schedulerd` called by another name, as the package installs them: links beside
    /// it, made here when `swift test` runs without `make` (which links them after building).
    static let directory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent()
        for name in ["schedctl", "sandboxd"] { linkToTheProgram(at: directory.appendingPathComponent(name).path) }
        return directory
    }()

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// A link made under a temporary name and renamed over the old one, so that tests running side by side never see
    /// the name missing.
    private static func linkToTheProgram(at path: String) {
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == "schedulerd" { return }
        let temporary = path + ".link-\(UUID().uuidString.prefix(8))"
        guard (try? FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: "schedulerd")) != nil else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
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
