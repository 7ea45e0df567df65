import Foundation
import HTTPClient
import OAuth
import SchedulerCore
import Testing

@testable import Sandbox

/// An X OAuth 2.0 grant with a refresh token, as linking with `offline.access` gives.
struct XTokenPair {
    var access: String
    var refresh: String
}

extension SandboxHarness {
    /// Replaces the fault plan with `json` through `PUT /_sandbox/faults` on the X listener.
    @discardableResult
    func setFaults(_ json: String) async throws -> HTTPResponse {
        try await send("PUT", x + "/_sandbox/faults", body: Array(json.utf8), contentType: "application/json")
    }

    /// Every injected fault, as `GET /_sandbox/faults` lists them.
    func injectedFaults(from base: String? = nil) async throws -> [InjectedFault] {
        try JSONDecoder().decode([InjectedFault].self, from: Data(try await get((base ?? x) + "/_sandbox/faults").body))
    }

    /// Sends on a connection of its own, so libcurl cannot quietly resend a request whose connection was dropped.
    func sendFresh(_ method: String, _ url: String, json: String? = nil, headers: [HTTPHeader] = [], timeout: Duration = .seconds(30)) async throws -> HTTPResponse {
        let type = json == nil ? [] : [HTTPHeader("Content-Type", "application/json")]
        return try await http.send(HTTPRequest(
            method: method, url: url, headers: headers + type, body: json.map { Array($0.utf8) }, timeout: timeout, freshConnection: true
        ))
    }

    /// `POST /2/tweets` with a Bearer token, on a fresh connection.
    func tweet(_ text: String, token: String, timeout: Duration = .seconds(30)) async throws -> HTTPResponse {
        try await sendFresh("POST", x + "/2/tweets", json: #"{"text":"\#(text)"}"#, headers: [.bearer(token)], timeout: timeout)
    }

    /// Links `username` on X with `offline.access` and returns the access and refresh tokens.
    func xTokenPair(_ username: String = "runner") async throws -> XTokenPair {
        let redirect = "http://127.0.0.1:53682/callback"
        let verifier = PKCE.makeVerifier()
        let approved = try await get(Self.url(x, "/i/oauth2/authorize", [
            ("response_type", "code"), ("client_id", SandboxCredentials.xClientID), ("redirect_uri", redirect),
            ("scope", "tweet.read tweet.write users.read offline.access"), ("state", "s"),
            ("code_challenge", PKCE.challengeS256(verifier: verifier)), ("code_challenge_method", "S256"), ("sandbox_user", username),
        ]))
        let code = try #require(approved.redirectQuery["code"])
        let tokens = try await post(x + "/2/oauth2/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("code_verifier", verifier),
        ], headers: [.basic(SandboxCredentials.xClientID, SandboxCredentials.xClientSecret)])
        return XTokenPair(
            access: try #require(tokens.json?["access_token"]?.stringValue),
            refresh: try #require(tokens.json?["refresh_token"]?.stringValue)
        )
    }

    /// Trades a refresh token for a new pair at X's token endpoint.
    func xRefresh(_ refreshToken: String) async throws -> HTTPResponse {
        try await post(x + "/2/oauth2/token", form: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)],
                       headers: [.basic(SandboxCredentials.xClientID, SandboxCredentials.xClientSecret)])
    }
}

/// Instants in the sandbox's records.
enum RecordTime {
    /// Parses `2025-01-31T07:30:00.123Z`, insisting on the milliseconds.
    static func parse(_ text: String?) -> Date? {
        guard let text, text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#, options: .regularExpression) != nil else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
