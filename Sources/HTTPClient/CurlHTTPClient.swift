import Logging

/// The project's HTTP client: libcurl's multi interface on one dedicated thread.
///
/// Create one per process and share it: every request goes through the same connection cache, so
/// a second request to a host reuses the first one's connection (and, over HTTPS, its HTTP/2
/// session). Requests are cancelled with their task; ``shutdown()`` fails whatever is left.
///
/// ```swift
/// let client = CurlHTTPClient()
/// defer { client.shutdown() }
/// let response = try await client.send(HTTPRequest(url: "https://api.example.com/health"))
/// ```
///
/// Environment proxies are ignored, redirects are not followed unless a request asks, only
/// `http` and `https` are spoken, and no header or body ever reaches a log line or an error.
public final class CurlHTTPClient: HTTPTransport, Sendable {
    public let configuration: Configuration
    private let loop: CurlMultiLoop

    /// - Parameter logger: Receives one debug line per request (method, URL without query, status,
    ///   duration); silent by default.
    public init(configuration: Configuration = .init(), logger: Logger = CurlHTTPClient.disabledLogger) {
        self.configuration = configuration
        self.loop = CurlMultiLoop(configuration: configuration, logger: logger)
    }

    deinit {
        loop.shutdown()
    }

    /// Sends `request` and returns the final response, whatever its status.
    ///
    /// - Throws: ``HTTPClientError`` when there is no response: `.invalidRequest` before anything is
    ///   sent, `.cancelled` when the task is cancelled, `.shutDown` after ``shutdown()``, or what
    ///   libcurl reported (`.couldNotConnect`, `.timedOut`, `.connectionLost`, `.responseTooLarge`, …).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try request.validate()
        return try await loop.execute(request)
    }

    /// Stops the loop thread and closes every connection; queued and in-flight requests fail with
    /// `.shutDown`, later ones at once. Returns when the thread has stopped; calling it again is harmless.
    public func shutdown() {
        loop.shutdown()
    }

    /// The libcurl version in use, e.g. "7.88.1", for a start-up log line.
    public static var libcurlVersion: String {
        CurlGlobal.version
    }

    /// A logger that drops everything: library code stays quiet unless given a logger.
    public static let disabledLogger = Logger(label: "schedulerd.http", factory: { _ in SwiftLogNoOpLogHandler() })
}
