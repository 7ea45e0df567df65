import Foundation
import HTTPClient
import SchedulerCore

/// Small authenticated GETs and DELETEs for identity lookups during linking (who am I, which Pages).
struct IdentityClient: Sendable {
    let transport: any HTTPTransport
    let network: String
    var timeout: Duration = .seconds(30)

    func json(_ url: String, method: String = "GET", headers: [HTTPHeader] = []) async throws(LinkError) -> JSONValue {
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(method: method, url: url, headers: headers, timeout: timeout))
        } catch {
            throw LinkError(.unavailable, "\(network) could not be reached: \(error)")
        }
        guard (200..<300).contains(response.status) else {
            let code: LinkError.Code = response.status == 401 || response.status == 190 ? .needsRelink : (response.status >= 500 ? .unavailable : .invalidInput)
            let said = RefusalText.sentence(in: response.body).map { ": \($0)" } ?? ""
            throw LinkError(code, "\(network) answered HTTP \(response.status)\(said)")
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else {
            throw LinkError(.unavailable, "\(network) answered an identity lookup with something that is not JSON")
        }
        return value
    }

    static func bearer(_ token: String) -> HTTPHeader { HTTPHeader("Authorization", "Bearer \(token)") }
}
