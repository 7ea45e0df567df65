import Foundation
import HTTPClient
import SchedulerCore

/// Sends a connector's request and classifies transport failures: a request that never left the machine
/// can be retried; a publishing request that may have been received is uncertain, never resent blindly.
struct ConnectorTransport: Sendable {
    let transport: any HTTPTransport
    let network: String
    var timeout: Duration = .seconds(30)

    func send(_ method: String, _ url: String, headers: [HTTPHeader] = [], body: [UInt8]? = nil, publishing: Bool) async throws(ConnectorError) -> HTTPResponse {
        var request = HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: timeout)
        // libcurl silently resends a request whose reused connection died before an answer. A publish must never go
        // twice, and neither may any other request that changes something: an upload to a single-use URL (LinkedIn's
        // images), a container, a photo. They may use a pooled connection, but libcurl is stopped before any second
        // send, and the request counts as possibly received; only reads, which are safe to repeat, are resent.
        request.sendAtMostOnce = publishing || !(method == "GET" || method == "HEAD")
        do {
            return try await transport.send(request)
        } catch let error as HTTPClientError {
            throw Self.classify(error, network: network, publishing: publishing)
        } catch {
            throw ConnectorError(code: publishing ? .uncertain : .retryable, message: "the request to \(network) failed: \(error)")
        }
    }

    /// A request that never left the machine published nothing, nor did any request that does not
    /// publish (a read, a media upload, an Instagram container); a publishing request that timed out
    /// or lost its connection after it was sent may have published.
    static func classify(_ error: HTTPClientError, network: String, publishing: Bool) -> ConnectorError {
        if !error.requestMayHaveBeenSent || !publishing {
            var refused = ConnectorError(code: .retryable, message: "\(network) could not be reached: \(error.message)")
            refused.unreachable = error.code == .couldNotConnect
            return refused
        }
        return ConnectorError(code: .uncertain, message: "no answer from \(network) after sending the post: \(error.message)")
    }

    static func json(_ response: HTTPResponse) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(response.body))
    }
}
