/// Why a request got no response.
///
/// The code is opaque so new cases can be added without breaking callers' `switch` statements:
/// compare with `==` (`error.code == .timedOut`). The message says what happened and what to check;
/// neither it nor `description` ever contains request headers, the body or the URL's query, which is
/// where tokens and OAuth signatures live.
public struct HTTPClientError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, for deciding whether to retry.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case couldNotConnect, timedOut, connectionLost, responseTooLarge, tlsFailure
            case cancelled, invalidRequest, shutDown, other
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// No connection could be made: refused, unreachable, unknown host, missing socket file.
        public static let couldNotConnect = Code(.couldNotConnect)
        /// The connect timeout or the total timeout ran out.
        public static let timedOut = Code(.timedOut)
        /// The connection failed after it was made: a send or receive error, or an empty reply.
        public static let connectionLost = Code(.connectionLost)
        /// The response was larger than `CurlHTTPClient.Configuration.maxResponseBytes`.
        public static let responseTooLarge = Code(.responseTooLarge)
        /// The TLS handshake failed or the server's certificate was not trusted.
        public static let tlsFailure = Code(.tlsFailure)
        /// The calling task was cancelled.
        public static let cancelled = Code(.cancelled)
        /// The request itself was malformed (bad URL, method or header) and was never sent.
        public static let invalidRequest = Code(.invalidRequest)
        /// The client was shut down before the request finished.
        public static let shutDown = Code(.shutDown)
        /// Anything else libcurl reported; `curlCode` tells which.
        public static let other = Code(.other)

        public var description: String {
            switch base {
            case .couldNotConnect: "could not connect"
            case .timedOut: "timed out"
            case .connectionLost: "connection lost"
            case .responseTooLarge: "response too large"
            case .tlsFailure: "TLS failure"
            case .cancelled: "cancelled"
            case .invalidRequest: "invalid request"
            case .shutDown: "client shut down"
            case .other: "transfer failed"
            }
        }
    }

    public var code: Code
    /// What happened and what to check, free of secrets.
    public var message: String
    /// The raw `CURLcode`, when libcurl reported the failure.
    public var curlCode: Int32?
    /// False only when the request certainly never left this machine (no connection, invalid request,
    /// cancelled or shut down before it started): then even a non-idempotent request is safe to retry.
    public var requestMayHaveBeenSent: Bool

    public init(code: Code, message: String, curlCode: Int32? = nil, requestMayHaveBeenSent: Bool = false) {
        self.code = code
        self.message = message
        self.curlCode = curlCode
        self.requestMayHaveBeenSent = requestMayHaveBeenSent
    }

    public var description: String {
        var text = "HTTP request failed (\(code)): \(message)"
        if let curlCode { text += " [CURLcode \(curlCode)]" }
        return text
    }
}
