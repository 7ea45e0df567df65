/// The final response to a request: status, headers and the whole body.
///
/// Interim responses (`100 Continue`, `103 Early Hints`) and, when redirects are followed, the
/// responses that redirected are not included: callers only ever see the answer that counts.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields in the order received.
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    /// How many new connections the request opened: 0 when a pooled connection was reused.
    public var newConnections: Int

    public init(status: Int, headers: [HTTPHeader], body: [UInt8], newConnections: Int) {
        self.status = status
        self.headers = headers
        self.body = body
        self.newConnections = newConnections
    }

    /// The value of the first header called `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.firstValue(named: name)
    }

    /// The body as text; bytes that are not valid UTF-8 become U+FFFD rather than failing.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// Whether the status is in the 2xx range.
    public var isSuccess: Bool {
        (200..<300).contains(status)
    }
}

extension HTTPResponse: CustomStringConvertible {
    /// Status and sizes only: a response body can echo back what was sent, tokens included.
    public var description: String {
        "HTTP \(status) (\(headers.count) headers, \(body.count)-byte body)"
    }
}
