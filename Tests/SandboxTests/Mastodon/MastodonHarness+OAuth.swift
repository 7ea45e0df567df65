import Foundation
import HTTPClient
import OAuth
import SchedulerCore

@testable import Sandbox

extension MastodonHarness {
    static let redirect = "http://127.0.0.1:53682/callback"

    /// An app registered with `POST /api/v1/apps`: (client id, client secret).
    func registerApp(scopes: String = "profile write:statuses write:media read:statuses", redirect: String = MastodonHarness.redirect) async throws
        -> (id: String, secret: String) {
        let app = try await post("/api/v1/apps", form: [("client_name", "schedulerd"), ("redirect_uris", redirect), ("scopes", scopes)])
        guard app.status == 200, let id = app.json?["client_id"]?.stringValue, let secret = app.json?["client_secret"]?.stringValue else {
            throw HarnessError(message: "app: \(app.status) \(app.bodyText)")
        }
        return (id, secret)
    }

    /// `GET /oauth/authorize` with an S256 challenge of `verifier`, approved as `user`.
    func authorize(clientID: String, verifier: String, scope: String = "profile write:statuses write:media read:statuses", user: String = "alice",
                   extra: [(String, String)] = []) async throws -> HTTPResponse {
        try await get("/oauth/authorize", [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", Self.redirect), ("scope", scope), ("state", "st4te"),
            ("code_challenge", PKCE.challengeS256(verifier: verifier)), ("code_challenge_method", "S256"), ("sandbox_user", user),
        ] + extra)
    }

    /// `POST /oauth/token` for `code` with `client_secret_post`.
    func exchange(code: String, verifier: String, app: (id: String, secret: String)) async throws -> HTTPResponse {
        try await post("/oauth/token", form: [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirect), ("code_verifier", verifier),
            ("client_id", app.id), ("client_secret", app.secret),
        ])
    }

    /// The whole browser flow: an app, an approval as `user`, and the token it yields.
    func oauthToken(user: String = "alice", scope: String = "profile write:statuses write:media read:statuses") async throws
        -> (token: String, app: (id: String, secret: String)) {
        let app = try await registerApp(scopes: scope)
        let verifier = PKCE.makeVerifier()
        let approval = try await authorize(clientID: app.id, verifier: verifier, scope: scope, user: user)
        guard let code = approval.redirectQuery["code"] else { throw HarnessError(message: "authorize: \(approval.status)") }
        let exchanged = try await exchange(code: code, verifier: verifier, app: app)
        guard let token = exchanged.json?["access_token"]?.stringValue else { throw HarnessError(message: "token: \(exchanged.bodyText)") }
        return (token, app)
    }
}
