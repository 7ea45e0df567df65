import Foundation

/// A product started as a real process, its output in files so a chatty child never blocks on a pipe.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], logDirectory: String, name: String) throws {
        stdoutPath = (logDirectory as NSString).appendingPathComponent("\(name).stdout")
        stderrPath = (logDirectory as NSString).appendingPathComponent("\(name).stderr")
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SCHEDULERD_CONFIG")
        env.removeValue(forKey: "SCHEDCTL_SOCKET")
        env.removeValue(forKey: "NOTIFY_SOCKET")
        process.environment = env.merging(environment) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// Waits for the process to exit and returns its status, or throws after `timeout`.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32 {
        try await eventually(timeout: timeout, "\(process.executableURL!.lastPathComponent) to exit") { !process.isRunning }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
