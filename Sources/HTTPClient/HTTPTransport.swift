/// What connectors depend on to reach a network, so tests can substitute a double for libcurl.
///
/// ``CurlHTTPClient`` is the production implementation. A conforming type answers every request
/// with a response, whatever its status, and throws only when there is no response: the error should
/// be an ``HTTPClientError`` so callers can tell a refused connection from a timeout.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
