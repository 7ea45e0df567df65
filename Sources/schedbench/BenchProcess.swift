import Foundation

/// A product started for the benchmark, its output in files.
final class BenchProcess {
    let process = Process()
    let stdoutPath: String

    init(_ executable: String, _ arguments: [String], directory: String, name: String) throws {
        stdoutPath = directory + "/\(name).stdout"
        let stderrPath = directory + "/\(name).stderr"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        try process.run()
    }

    func waitForLine(prefix: String) async throws -> String {
        for _ in 0..<500 {
            let text = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) { return String(line) }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw BenchError("\(process.executableURL!.lastPathComponent) did not print '\(prefix)'")
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
