import Foundation
import Testing

/// Waits until `condition` holds, checking every few milliseconds, and gives up at `timeout`.
/// Returns whether it held, so the caller asserts on it: `#expect(try await eventually { … })`.
func eventually(timeout: Duration = .seconds(10), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return try await condition()
}

/// A fresh directory under the system temporary directory, removed when the test ends.
struct TemporaryDirectory: ~Copyable {
    let path: String

    init() throws {
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("schedulerd-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: false)
        path = base
    }

    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The permission bits of the file at `path` (`0o600`), or nil when it does not exist.
func permissions(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mode & 0o777)
}

/// Waits until `condition` holds and records an issue at the caller when it does not within `timeout`.
func waitUntil(timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: () async throws -> Bool) async rethrows {
    if try await !eventually(timeout: timeout, condition) {
        Issue.record("the condition did not hold within \(timeout)", sourceLocation: sourceLocation)
    }
}
