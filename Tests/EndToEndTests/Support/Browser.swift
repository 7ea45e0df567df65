import Foundation
import HTTPClient

/// What a person's browser does with an authorization URL: the sandbox approves at once and
/// answers with a redirect (its Location is what the person pastes back) or with X's PIN page.
enum Browser {
    static let http = CurlHTTPClient()

    /// The address the browser is sent to after approving.
    static func approve(_ url: String) async throws -> String {
        let response = try await http.send(HTTPRequest(url: url))
        guard (300..<400).contains(response.status), let location = response.header("location") else {
            throw E2EError("the authorization URL answered \(response.status) without a redirect: \(response.bodyText.prefix(300))")
        }
        return location
    }

    /// The PIN X shows after approving an OAuth 1.0a `oob` authorization.
    static func pin(_ url: String) async throws -> String {
        let response = try await http.send(HTTPRequest(url: url))
        let page = response.bodyText
        guard let range = page.range(of: #"<code id="oauth_pin">(\d+)</code>"#, options: .regularExpression) else {
            throw E2EError("no PIN on the authorization page (HTTP \(response.status))")
        }
        return page[range].filter(\.isNumber)
    }

    /// Delivers a redirect to wherever it points (the CLI's loopback listener), as the browser would.
    static func follow(_ location: String) async throws -> Int {
        try await http.send(HTTPRequest(url: location, connectTimeout: .seconds(2), timeout: .seconds(5))).status
    }
}
