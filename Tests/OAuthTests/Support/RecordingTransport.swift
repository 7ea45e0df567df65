import CryptoPrimitives
import Foundation
import HTTPClient
import OAuth
import Synchronization

/// A test double for `HTTPTransport`: records every request and answers with canned responses in order.
final class RecordingTransport: HTTPTransport, Sendable {
    private let state: Mutex<(requests: [HTTPRequest], replies: [Result<HTTPResponse, HTTPClientError>])>

    init(_ replies: [Result<HTTPResponse, HTTPClientError>]) {
        state = Mutex(([], replies))
    }

    convenience init(_ responses: HTTPResponse...) {
        self.init(responses.map { .success($0) })
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// The only request sent; fails the test when there were none or several.
    var request: HTTPRequest {
        get throws {
            let requests = self.requests
            guard requests.count == 1 else { throw TestFailure("expected 1 request, got \(requests.count)") }
            return requests[0]
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let reply = state.withLock { state -> Result<HTTPResponse, HTTPClientError>? in
            state.requests.append(request)
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        guard let reply else { throw TestFailure("no canned response left for \(request)") }
        return try reply.get()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension HTTPResponse {
    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(body.utf8), newConnections: 1)
    }

    static func text(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "text/plain")], body: Array(body.utf8), newConnections: 1)
    }
}

extension HTTPRequest {
    /// The decoded pairs of the form body (empty without a body).
    var formParameters: [String: String] {
        guard let body else { return [:] }
        return Dictionary(PercentDecoding.parseForm(String(decoding: body, as: UTF8.self)) ?? [], uniquingKeysWith: { first, _ in first })
    }

    /// The decoded pairs of the URL's query.
    var queryParameters: [String: String] {
        guard let question = url.firstIndex(of: "?") else { return [:] }
        return Dictionary(PercentDecoding.parseForm(String(url[url.index(after: question)...])) ?? [], uniquingKeysWith: { first, _ in first })
    }

    /// The URL without its query.
    var endpoint: String {
        String(url.prefix { $0 != "?" })
    }
}

/// Records the waits the device flow asks for, instead of sleeping.
final class SleepRecorder: Sendable {
    private let waits = Mutex<[Duration]>([])

    var recorded: [Duration] { waits.withLock { $0 } }

    func sleep(_ duration: Duration) async throws {
        waits.withLock { $0.append(duration) }
    }
}

enum Fixtures {
    static let clientID = "my client:1"
    static let clientSecret = "s3cr€t/+client-SECRET"
    static let tokenEndpoint = "https://auth.example/oauth2/token"
    static let redirectURI = "http://127.0.0.1:8123/callback"

    static func configuration(
        _ authentication: OAuth2ClientAuthentication = .none,
        secret: String? = nil,
        method: String = "POST",
        scopes: [String] = ["tweet.read", "offline.access"]
    ) -> OAuth2ClientConfiguration {
        OAuth2ClientConfiguration(
            clientID: clientID,
            clientSecret: secret ?? (authentication == .none ? nil : clientSecret),
            authentication: authentication,
            authorizationEndpoint: "https://auth.example/i/oauth2/authorize",
            tokenEndpoint: tokenEndpoint,
            revocationEndpoint: "https://auth.example/oauth2/revoke",
            deviceAuthorizationEndpoint: "https://auth.example/oauth2/device",
            scopes: scopes,
            tokenRequestMethod: method
        )
    }

    static let tokenBody = #"{"access_token":"AT-123456","token_type":"bearer","expires_in":7200,"refresh_token":"RT-654321","scope":"tweet.read offline.access"}"#

    static func session(verifier: String? = "v" + String(repeating: "x", count: 50)) -> OAuth2AuthorizationSession {
        OAuth2AuthorizationSession(
            url: "https://auth.example/i/oauth2/authorize?state=S",
            state: "STATE-abcdefghijklmnopqrstuvwxyz0123456789",
            codeVerifier: verifier,
            redirectURI: redirectURI,
            createdAt: .init(timeIntervalSince1970: 0)
        )
    }
}
