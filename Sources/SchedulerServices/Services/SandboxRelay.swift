import SandboxContract
import Foundation
import Connectors
import HTTPClient
import SchedulerCore
import SchedulerDomain

/// In sandbox mode, forwards `schedctl sandbox …` to the emulations' own `/_sandbox` endpoints,
/// whether the daemon started that sandboxd itself or was pointed at one.
package struct SandboxRelay: Sendable {
    /// Base URL of each network's emulation.
    package let baseURLs: [Network: String]
    package let transport: any HTTPTransport

    /// One of the emulations' records (`received`, `rejected`, `revoked`, `issued`). Every emulated host
    /// serves the same shared record, so one is asked.
    package func records(_ name: String) async throws -> JSONValue {
        guard let base = baseURLs[.x] ?? baseURLs.values.sorted().first else { return .array([]) }
        return try await get(base + "/_sandbox/\(name)")
    }

    /// Mints on the network's own helper, passing the request on as it came (the emulation judges the scopes and level).
    package func mintToken(network: Network, _ mint: SandboxTokenRequest) async throws -> SandboxTokenView {
        guard let base = baseURLs[network] else {
            throw RequestError.badRequest("the sandbox mints no \(network.displayName) tokens; it has \(baseURLs.keys.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        let username = mint.username ?? "sandbox_user"
        var sent = mint
        sent.username = username
        let body = try JSONEncoder().encode(sent)
        // Each sandbox instance serves its helpers under its domain; tokens come from the 500-character one.
        let helper = network == .mastodon ? "mastodon/\(SandboxCredentials.mastodonDomain)" : network.rawValue
        let response = try await send(HTTPRequest(method: "POST", url: base + "/_sandbox/\(helper)/tokens",
                                                  headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body)))
        guard let token = response["oauth_token"]?.stringValue ?? response["access_token"]?.stringValue else {
            throw RequestError(.unavailable, "the \(network.displayName) sandbox answered without a token")
        }
        return SandboxTokenView(network: network, token: token, tokenSecret: response["oauth_token_secret"]?.stringValue,
                                username: response["screen_name"]?.stringValue ?? response["username"]?.stringValue ?? username,
                                service: network == .mastodon ? base : nil)
    }

    private func get(_ url: String) async throws -> JSONValue {
        try await send(HTTPRequest(method: "GET", url: url))
    }

    private func send(_ request: HTTPRequest) async throws -> JSONValue {
        let response: HTTPResponse
        do { response = try await transport.send(request) } catch {
            throw RequestError(.unavailable, "the sandbox at \(request.url) cannot be reached: \(error)")
        }
        let value = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body))
        if (400..<500).contains(response.status) {
            // The sandbox refused what was asked (a username it does not accept): bad input, in its words.
            throw RequestError.badRequest("the sandbox refused: \(value.flatMap(RefusalText.sentence(in:)) ?? "HTTP \(response.status)")")
        }
        guard (200..<300).contains(response.status), let value else {
            throw RequestError(.unavailable, "the sandbox at \(request.url) answered HTTP \(response.status)")
        }
        return value
    }
    package init(baseURLs: [Network: String], transport: any HTTPTransport) {
        self.baseURLs = baseURLs
        self.transport = transport
    }
}
