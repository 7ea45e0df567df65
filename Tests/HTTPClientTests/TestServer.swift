import Foundation
import HTTPClient
import TestHTTPReceiver
import TestSpawning

/// The Python test server (`test_http_server.py`) running as a child process.
///
/// Start it with ``start(unixSocketPath:)``, which returns once the server has printed where it
/// listens (or throws after a deadline), and ``stop()`` it when done. Its stdout is collected so a
/// test can wait for a request to reach it. Started with posix_spawn and waited for with waitpid on a
/// thread of its own (TestSpawning), never with Foundation's `Process.waitUntilExit`, which spins a
/// cooperative thread (issue 49's hung unit pass).
final class TestServer {
    /// `http://127.0.0.1:PORT` for TCP, `http://localhost` for a Unix socket.
    let baseURL: String
    let port: Int?
    let unixSocketPath: String?
    private let pid: pid_t
    /// The write end of the server's stdin: it exits when this closes, even if the test process dies.
    private let input: Int32
    private let output: OutputLines
    private let reader: PipeReader

    private init(pid: pid_t, input: Int32, output: OutputLines, reader: PipeReader, port: Int?, unixSocketPath: String?) {
        self.pid = pid
        self.input = input
        self.output = output
        self.reader = reader
        self.port = port
        self.unixSocketPath = unixSocketPath
        self.baseURL = port.map { "http://127.0.0.1:\($0)" } ?? "http://localhost"
    }

    static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("test_http_server.py")
        .path

    static func start(unixSocketPath: String? = nil) async throws -> TestServer {
        let stdin = try makePipe()
        let stdout = try makePipe()
        let pid: pid_t
        do {
            defer { close(stdin.read); close(stdout.write) }
            pid = try spawn(["/usr/bin/env", "python3", scriptPath] + (unixSocketPath.map { ["--unix", $0] } ?? []),
                            environment: ProcessInfo.processInfo.environment, stdin: stdin.read, stdout: stdout.write)
        } catch {
            close(stdin.write)
            close(stdout.read)
            throw error
        }
        let output = OutputLines()
        let reader = PipeReader(FileHandle(fileDescriptor: stdout.read, closeOnDealloc: true),
                                onChunk: { output.append($0) }, onEnd: { output.close() })
        // Stopped if it never says where it listens; the server returned knows its port.
        let starting = TestServer(pid: pid, input: stdin.write, output: output, reader: reader, port: nil, unixSocketPath: unixSocketPath)
        do {
            let ready = try await output.waitForLine(startingWith: unixSocketPath == nil ? "PORT " : "UNIX ")
            let port = unixSocketPath == nil ? Int(ready.dropFirst("PORT ".count)) : nil
            return TestServer(pid: pid, input: stdin.write, output: output, reader: reader, port: port, unixSocketPath: unixSocketPath)
        } catch {
            await starting.stop()
            throw error
        }
    }

    func url(_ path: String) -> String {
        baseURL + path
    }

    /// Returns once the server has seen a request whose line starts with `prefix` ("GET /slow").
    func waitForRequest(_ prefix: String) async throws {
        _ = try await output.waitForLine(startingWith: "REQUEST " + prefix)
    }

    /// How many requests whose line starts with `prefix` the server has seen, counted once a later
    /// marker request has arrived, so no line of an earlier request is still in the pipe.
    func requestCount(_ prefix: String) async throws -> Int {
        let marker = "/status/200?marker=\(UUID().uuidString)"
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        _ = try await client.send(HTTPRequest(url: url(marker)))
        try await waitForRequest("GET \(marker)")
        return output.count { $0.hasPrefix("REQUEST " + prefix) }
    }

    /// Stops the server and waits for it to exit, so its port is closed when this returns.
    func stop() async {
        close(input)
        kill(pid, SIGTERM)
        _ = await exitStatus(of: pid)
        reader.stop()
        if let unixSocketPath {
            try? FileManager.default.removeItem(atPath: unixSocketPath)
        }
    }

    /// Starts a server, runs `body`, and stops the server whatever happens.
    static func with<Result>(
        unixSocketPath: String? = nil,
        _ body: (TestServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(unixSocketPath: unixSocketPath)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}

struct TestServerError: Error, CustomStringConvertible {
    var description: String
}

/// Lines the server printed, filled by the pipe's reader thread and read by tests.
final class OutputLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = Data()
    private var isClosed = false

    func append(_ data: Data) {
        lock.withLock {
            partial.append(data)
            while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                partial = Data(partial[partial.index(after: newline)...])
            }
        }
    }

    func count(where predicate: (String) -> Bool) -> Int {
        lock.withLock { lines.count(where: predicate) }
    }

    func close() {
        lock.withLock { isClosed = true }
    }

    /// Polls for the line with a deadline, failing early if the server exits.
    func waitForLine(startingWith prefix: String, within limit: Duration = .seconds(15)) async throws -> String {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let (line, closed) = lock.withLock { (lines.first { $0.hasPrefix(prefix) }, isClosed) }
            if let line { return line }
            if closed { throw TestServerError(description: "the test server exited before printing \"\(prefix)\"") }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw TestServerError(description: "the test server did not print \"\(prefix)\" within \(limit)")
    }
}
