import Foundation

/// A process a test converses with: reads its standard output line by line and answers on its standard input,
/// as a person at a terminal would.
final class InteractiveProcess: Sendable {
    private let process: Process
    private let input: FileHandle
    private let output = OutputBuffer()
    private let errors = OutputBuffer()

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        self.process = process
        self.input = stdin.fileHandleForWriting
        let output = self.output, errors = self.errors
        // An empty read is the end of the pipe: the process and every child holding it have closed it.
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil; output.close() } else { output.append(chunk) }
        }
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil; errors.close() } else { errors.append(chunk) }
        }
        try process.run()
    }

    var stdout: String { output.text }
    var stderr: String { errors.text }

    /// The first complete line of standard output.
    func firstLine(timeout: Duration = .seconds(15)) async throws -> String {
        try await eventually(timeout: timeout, "a line on standard output (stderr: \(stderr))") {
            stdout.contains("\n") || !process.isRunning
        }
        guard let line = stdout.split(separator: "\n", omittingEmptySubsequences: false).first, stdout.contains("\n") else {
            throw E2EError("the process ended without printing a line: \(stderr)")
        }
        return String(line)
    }

    func answer(_ line: String) throws {
        try input.write(contentsOf: Data((line + "\n").utf8))
        try input.close()
    }

    /// Waits for the exit; returns the status.
    func finish(timeout: Duration = .seconds(30)) async throws -> Int32 {
        try await eventually(timeout: timeout, "the process to exit") { !process.isRunning }
        // What it wrote is read to the end of both pipes before anyone looks at it: on a busy machine the readers lag
        // behind the exit, and a half-read JSON answer failed a fresh clone's run.
        try await eventually(timeout: .seconds(10), "its output read to the end") { output.isClosed && errors.isClosed }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// Bytes a pipe's reader appends while the test reads them.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var closed = false

    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    /// The writer's end is closed: everything it wrote has been appended.
    func close() { lock.withLock { closed = true } }
    var isClosed: Bool { lock.withLock { closed } }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
