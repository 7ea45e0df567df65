import Foundation
import HTTPClient
import SchedulerCore

/// Small authenticated requests for identity lookups during linking (who am I, which Pages, what may this token do).
struct IdentityClient: Sendable {
    let transport: any HTTPTransport
    let network: String
    var timeout: Duration = .seconds(30)

    /// The answer whatever its status; only a network that cannot be reached throws.
    func send(_ url: String, method: String = "GET", headers: [HTTPHeader] = [], body: [UInt8]? = nil) async throws(LinkError) -> HTTPResponse {
        do {
            return try await transport.send(HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: timeout))
        } catch {
            throw LinkError(.unavailable, "\(network) could not be reached: \(error)")
        }
    }

    func json(_ url: String, method: String = "GET", headers: [HTTPHeader] = [], body: [UInt8]? = nil) async throws(LinkError) -> JSONValue {
        let response = try await send(url, method: method, headers: headers, body: body)
        guard (200..<300).contains(response.status) else {
            let code: LinkError.Code = response.status == 401 || response.status == 190 ? .needsRelink : (response.status >= 500 ? .unavailable : .invalidInput)
            let said = RefusalText.sentence(in: response.body).map { ": \($0)" } ?? ""
            throw LinkError(code, "\(network) answered HTTP \(response.status)\(said)")
        }
        return try Self.decode(response, network: network)
    }

    static func decode(_ response: HTTPResponse, network: String) throws(LinkError) -> JSONValue {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else {
            throw LinkError(.unavailable, "\(network) answered an identity lookup with something that is not JSON")
        }
        return value
    }

    static func bearer(_ token: String) -> HTTPHeader { HTTPHeader("Authorization", "Bearer \(token)") }
}
