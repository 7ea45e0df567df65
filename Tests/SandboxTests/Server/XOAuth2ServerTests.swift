import Foundation
import HTTPClient
import OAuth
import Testing

@testable import Sandbox

/// X's OAuth 2.0 over the wire: PKCE, loopback redirects, rotation, revocation, Bearer at the API.
@Suite struct XOAuth2ServerTests {
    static let redirect = "http://127.0.0.1:53682/callback"
    static let basic = HTTPHeader.basic(SandboxCredentials.xClientID, SandboxCredentials.xClientSecret)

    struct Authorization {
        var code: String
        var verifier: String
    }

    /// Runs the authorize step and returns the code from the redirect.
    func authorize(_ sandbox: SandboxHarness, scopes: String = "tweet.read tweet.write users.read offline.access", user: String = "runner") async throws -> Authorization {
        let verifier = PKCE.makeVerifier()
        let response = try await sandbox.get(SandboxHarness.url(sandbox.x, "/i/oauth2/authorize", [
            ("response_type", "code"), ("client_id", SandboxCredentials.xClientID), ("redirect_uri", Self.redirect),
            ("scope", scopes), ("state", "st4te"), ("code_challenge", PKCE.challengeS256(verifier: verifier)),
            ("code_challenge_method", "S256"), ("sandbox_user", user),
        ]))
        #expect(response.status == 302)
        #expect(response.header("Location")?.hasPrefix(Self.redirect + "?state=st4te&code=") == true)
        return Authorization(code: try #require(response.redirectQuery["code"]), verifier: verifier)
    }

    func exchange(_ sandbox: SandboxHarness, _ authorization: Authorization, verifier: String? = nil, headers: [HTTPHeader] = [basic]) async throws -> HTTPResponse {
        try await sandbox.post(sandbox.x + "/2/oauth2/token", form: [
            ("grant_type", "authorization_code"), ("code", authorization.code), ("redirect_uri", Self.redirect),
            ("code_verifier", verifier ?? authorization.verifier),
        ], headers: headers)
    }

    func refresh(_ sandbox: SandboxHarness, _ token: String) async throws -> HTTPResponse {
        try await sandbox.post(sandbox.x + "/2/oauth2/token", form: [("grant_type", "refresh_token"), ("refresh_token", token)], headers: [Self.basic])
    }

    @Test func linking_givesATokenThatReadsThePersonAndPublishes_recordedAsOAuth2() async throws {
        try await SandboxHarness.run { sandbox in
            let tokens = try await exchange(sandbox, try await authorize(sandbox))
            #expect(tokens.status == 200)
            let body = try #require(tokens.json)
            #expect(body["token_type"]?.stringValue == "bearer")
            #expect(body["expires_in"] == .integer(7_200))
            #expect(body["scope"]?.stringValue == "tweet.read tweet.write users.read offline.access")
            let access = try #require(body["access_token"]?.stringValue)
            #expect(body["refresh_token"]?.stringValue != nil)

            let me = try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(access)])
            #expect(me.json?["data"]?["username"]?.stringValue == "runner")
            let post = try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"Sunday long run"}"#, headers: [.bearer(access)])
            #expect(post.status == 201)
            #expect(post.header("x-rate-limit-remaining") == "99")
            let received = try #require(await sandbox.sandbox.received().first)
            #expect(received.auth == "oauth2")
            #expect(received.clientID == SandboxCredentials.xClientID)
            #expect(received.userID != nil)
            #expect(!(try await sandbox.allRecordsText()).contains(access))
        }
    }

    @Test func refresh_rotates_andReplayingTheOldTokenRevokesTheWholeFamily() async throws {
        try await SandboxHarness.run { sandbox in
            let first = try #require(try await exchange(sandbox, try await authorize(sandbox)).json)
            let oldRefresh = try #require(first["refresh_token"]?.stringValue)
            let second = try #require(try await refresh(sandbox, oldRefresh).json)
            let newAccess = try #require(second["access_token"]?.stringValue)
            let newRefresh = try #require(second["refresh_token"]?.stringValue)
            #expect(newRefresh != oldRefresh)
            #expect(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(newAccess)]).status == 200)

            let replay = try await refresh(sandbox, oldRefresh)
            #expect(replay.status == 400)
            #expect(replay.json?["error"]?.stringValue == "invalid_grant")
            #expect(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(newAccess)]).status == 401)
            #expect(try await refresh(sandbox, newRefresh).status == 400)
            let revoked = try await sandbox.get(sandbox.linkedin + "/_sandbox/revoked").json
            #expect(revoked?[0]?["reason"]?.stringValue == "refresh_reuse")
            #expect(revoked?[0]?["tokens_revoked"] == .integer(3))
            let records = try await sandbox.allRecordsText()
            for secret in [oldRefresh, newAccess, newRefresh] { #expect(!records.contains(secret)) }
        }
    }

    @Test func token_refusesAWrongVerifierAReusedCodeAndAnExpiredCode() async throws {
        try await SandboxHarness.run(configuration: .init(authorizationCodeLifetime: .seconds(1))) { sandbox in
            let wrong = try await exchange(sandbox, try await authorize(sandbox), verifier: PKCE.makeVerifier())
            #expect(wrong.status == 400)
            #expect(wrong.json?["error"]?.stringValue == "invalid_grant")

            let authorization = try await authorize(sandbox)
            let good = try #require(try await exchange(sandbox, authorization).json?["access_token"]?.stringValue)
            #expect(try await exchange(sandbox, authorization).json?["error"]?.stringValue == "invalid_grant")
            #expect(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(good)]).status == 401)
            #expect(await sandbox.sandbox.revoked().map(\.reason) == [.codeReuse])

            let late = try await authorize(sandbox)
            sandbox.clock.advance(by: 1)
            let expired = try await exchange(sandbox, late)
            #expect(expired.json?["error"]?.stringValue == "invalid_grant")
            #expect(expired.json?["error_description"]?.stringValue?.contains("expired") == true)
        }
    }

    @Test func token_refusesMissingOrWrongClientCredentialsWith401() async throws {
        try await SandboxHarness.run { sandbox in
            let authorization = try await authorize(sandbox)
            let missing = try await exchange(sandbox, authorization, headers: [])
            #expect(missing.status == 401)
            #expect(missing.json?["error"]?.stringValue == "invalid_client")
            let wrong = try await exchange(sandbox, authorization, headers: [.basic(SandboxCredentials.xClientID, "guess")])
            #expect(wrong.status == 401)
            #expect(wrong.header("WWW-Authenticate")?.hasPrefix("Basic") == true)
        }
    }

    @Test func authorize_refusesANonLoopbackRedirectWithAPage_andRedirectsADenial() async throws {
        try await SandboxHarness.run { sandbox in
            let challenge = PKCE.challengeS256(verifier: PKCE.makeVerifier())
            let base: [(String, String)] = [
                ("response_type", "code"), ("client_id", SandboxCredentials.xClientID), ("scope", "tweet.read"),
                ("state", "s1"), ("code_challenge", challenge), ("code_challenge_method", "S256"),
            ]
            let evil = try await sandbox.get(SandboxHarness.url(sandbox.x, "/i/oauth2/authorize", base + [("redirect_uri", "https://evil.example/cb")]))
            #expect(evil.status == 400)
            #expect(evil.header("Location") == nil)
            #expect(evil.header("Content-Type")?.hasPrefix("text/html") == true)

            let denied = try await sandbox.get(SandboxHarness.url(sandbox.x, "/i/oauth2/authorize", base + [("redirect_uri", Self.redirect), ("sandbox_decision", "deny")]))
            #expect(denied.status == 302)
            #expect(denied.redirectQuery["error"] == "access_denied")
            #expect(denied.redirectQuery["state"] == "s1")
            #expect(denied.redirectQuery["error_description"] != nil)
            #expect(denied.redirectQuery["code"] == nil)
        }
    }

    @Test func bearer_expiredOrRevokedTokens_getXsProblemDetails() async throws {
        try await SandboxHarness.run { sandbox in
            let tokens = try #require(try await exchange(sandbox, try await authorize(sandbox)).json)
            let access = try #require(tokens["access_token"]?.stringValue)
            sandbox.clock.advance(by: 7_200)
            let expired = try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(access)])
            #expect(expired.status == 401)
            #expect(expired.json?["title"]?.stringValue == "Unauthorized")
            #expect(await sandbox.sandbox.rejected().last?.reasonCode == "expired_token")

            let refreshToken = try #require(tokens["refresh_token"]?.stringValue)
            let fresh = try #require(try await refresh(sandbox, refreshToken).json)
            let freshRefresh = try #require(fresh["refresh_token"]?.stringValue)
            let freshAccess = try #require(fresh["access_token"]?.stringValue)
            let revoke = try await sandbox.post(sandbox.x + "/2/oauth2/revoke", form: [("token", freshRefresh), ("token_type_hint", "refresh_token")], headers: [Self.basic])
            #expect(revoke.status == 200)
            let afterRevoke = try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(freshAccess)])
            #expect(afterRevoke.status == 401)
            #expect(await sandbox.sandbox.revoked().last?.reason == .revokeEndpoint)
        }
    }

    @Test func bearer_withoutTheScopesAnEndpointNeeds_isForbidden() async throws {
        try await SandboxHarness.run { sandbox in
            let access = try #require(try await exchange(sandbox, try await authorize(sandbox, scopes: "tweet.read users.read")).json?["access_token"]?.stringValue)
            #expect(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(access)]).status == 200)
            let post = try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"no scope"}"#, headers: [.bearer(access)])
            #expect(post.status == 403)
            #expect(await sandbox.sandbox.received().isEmpty)
        }
    }

    @Test func aPublicClient_exchangesWithItsIDAndPKCEOnly() async throws {
        try await SandboxHarness.run { sandbox in
            let verifier = PKCE.makeVerifier()
            let response = try await sandbox.get(SandboxHarness.url(sandbox.x, "/i/oauth2/authorize", [
                ("response_type", "code"), ("client_id", SandboxCredentials.xPublicClientID), ("redirect_uri", Self.redirect),
                ("scope", "users.read tweet.read"), ("state", "s"), ("code_challenge", PKCE.challengeS256(verifier: verifier)), ("code_challenge_method", "S256"),
            ]))
            let tokens = try await sandbox.post(sandbox.x + "/2/oauth2/token", form: [
                ("grant_type", "authorization_code"), ("code", try #require(response.redirectQuery["code"])), ("redirect_uri", Self.redirect),
                ("code_verifier", verifier), ("client_id", SandboxCredentials.xPublicClientID),
            ])
            #expect(tokens.status == 200)
        }
    }
}
