/// Everything needed to send one HTTP request, as a value so it can cross tasks and be retried as is.
///
/// ```swift
/// let request = HTTPRequest(
///     method: "POST",
///     url: "https://api.example.com/2/tweets",
///     headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Authorization", auth)],
///     body: Array(json.utf8)
/// )
/// let response = try await transport.send(request)
/// ```
///
/// `description` and the mirror never show header values, the query string or the body, so logging
/// a request cannot leak a token or an OAuth signature.
public struct HTTPRequest: Sendable {
    /// The method, upper case: "GET", "POST", "DELETE", "PATCH", "PUT" or "HEAD".
    public var method: String
    /// An absolute `http://` or `https://` URL.
    public var url: String
    public var headers: [HTTPHeader]
    /// The body, sent with a `Content-Length`; `nil` sends none. No `Content-Type` is invented for it.
    public var body: [UInt8]?
    /// How long establishing the connection (TCP and TLS) may take.
    public var connectTimeout: Duration
    /// How long the whole exchange may take, connecting included.
    public var timeout: Duration
    /// When set, the connection goes to this Unix domain socket and the URL's host is only the `Host` header.
    public var unixSocketPath: String?
    /// Whether to follow 3xx redirects; off by default so a redirect is visible to the caller.
    public var followRedirects: Bool
    /// Whether to open a new connection instead of reusing a pooled one.
    ///
    /// When a reused connection dies before any byte of the response arrives, libcurl silently sends
    /// the request again on a new connection, POST included. ``sendAtMostOnce`` rules that out and keeps
    /// the pooled connection; this is the blunt way, at the cost of a new TCP and TLS handshake.
    public var freshConnection: Bool
    /// The request must never reach the server twice (publishing a post without an idempotency key, an upload to a
    /// single-use URL). It may go out on a pooled connection, but if libcurl is about to send it a second time (its own
    /// resend after a reused connection died unanswered, a refused HTTP/2 stream), the transfer is stopped before the
    /// bytes go out and fails as ``HTTPClientError/Code/connectionLost``, with `requestMayHaveBeenSent`. Where libcurl is
    /// older than 7.80 and cannot be stopped so, the request opens a fresh connection instead.
    public var sendAtMostOnce = false
    /// When set, body bytes go to this closure as they arrive instead of into the response's body: for a
    /// long-lived stream (newline-delimited JSON) that a caller reads line by line while it lasts.
    public var streamBody: (@Sendable ([UInt8]) -> Void)?

    public init(
        method: String = "GET",
        url: String,
        headers: [HTTPHeader] = [],
        body: [UInt8]? = nil,
        connectTimeout: Duration = .seconds(10),
        timeout: Duration = .seconds(30),
        unixSocketPath: String? = nil,
        followRedirects: Bool = false,
        freshConnection: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.unixSocketPath = unixSocketPath
        self.followRedirects = followRedirects
        self.freshConnection = freshConnection
    }

    /// The value of the first header called `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.firstValue(named: name)
    }
}

extension HTTPRequest: CustomStringConvertible, CustomReflectable {
    /// Method and URL without query or credentials, plus counts: safe to log.
    public var description: String {
        var text = "\(method) \(RedactedURL(url).display)"
        if let unixSocketPath { text += " via \(unixSocketPath)" }
        text += " (\(headers.count) headers"
        if let body { text += ", \(body.count)-byte body" }
        return text + ")"
    }

    /// Keeps `dump(request)` as safe as `print(request)`: header values and the body are masked.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method,
                "url": RedactedURL(url).display,
                "headers": headers.map { "\($0.name): ***" },
                "body": body.map { "\($0.count) bytes" } ?? "none",
                "connectTimeout": connectTimeout,
                "timeout": timeout,
                "unixSocketPath": unixSocketPath ?? "none",
                "followRedirects": followRedirects,
                "freshConnection": freshConnection,
                "sendAtMostOnce": sendAtMostOnce,
            ],
            displayStyle: .struct
        )
    }
}
