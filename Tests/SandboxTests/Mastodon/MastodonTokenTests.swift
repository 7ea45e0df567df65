import Foundation
import HTTPClient
import OAuth
import SchedulerCore
import Testing

@testable import Sandbox

/// Revocation, the scopes each endpoint accepts, and app tokens on user endpoints.
@Suite struct MastodonTokenTests {
    @Test func aRevokedToken_is401_andOnlyItsOwnAppMayRevokeIt() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, app) = try await mastodon.oauthToken()
            #expect(try await mastodon.get("/api/v1/accounts/verify_credentials", token: token).status == 200)
            let other = try await mastodon.registerApp()
            let foreign = try await mastodon.post("/oauth/revoke", form: [("client_id", other.id), ("client_secret", other.secret), ("token", token)])
            #expect(foreign.status == 403)
            #expect(foreign.json?["error"]?.stringValue == "unauthorized_client")
            let badSecret = try await mastodon.post("/oauth/revoke", form: [("client_id", app.id), ("client_secret", "wrong"), ("token", token)])
            #expect(badSecret.status == 401)
            let revoked = try await mastodon.post("/oauth/revoke", form: [("client_id", app.id), ("client_secret", app.secret), ("token", token)])
            #expect(revoked.status == 200)
            #expect(revoked.json == .object([:]))
            let again = try await mastodon.post("/oauth/revoke", form: [("client_id", app.id), ("client_secret", app.secret), ("token", token)])
            #expect(again.status == 200)
            let after = try await mastodon.status("hello", token: token)
            #expect(after.status == 401)
            #expect(after.json == .object(["error": .string("The access token was revoked")]))
            let unknown = try await mastodon.status("hello", token: "not-a-token")
            #expect(unknown.json == .object(["error": .string("The access token is invalid")]))
            #expect(await mastodon.recorder.revoked().map(\.tokensRevoked) == [1, 0])
        }
    }

    @Test func eachEndpoint_acceptsOnlyItsScopes() async throws {
        try await MastodonHarness.run { mastodon in
            let (profileOnly, _) = try await mastodon.token("alice", scopes: ["profile"])
            #expect(try await mastodon.get("/api/v1/accounts/verify_credentials", token: profileOnly).status == 200)
            let status = try await mastodon.status("hello", token: profileOnly)
            #expect(status.status == 403)
            #expect(status.json == .object(["error": .string("This action is outside the authorized scopes")]))
            #expect(try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), token: profileOnly).status == 403)

            let (writer, accountID) = try await mastodon.token("alice", scopes: ["write:statuses"])
            #expect(try await mastodon.get("/api/v1/accounts/verify_credentials", token: writer).status == 403)
            let posted = try await mastodon.status("hello", token: writer)
            #expect(posted.status == 200)
            let id = try #require(posted.json?["id"]?.stringValue)
            #expect(try await mastodon.get("/api/v1/statuses/\(id)", token: writer).status == 403)
            #expect(try await mastodon.get("/api/v1/accounts/\(accountID)/statuses", token: writer).status == 403)
            #expect(try await mastodon.get("/api/v1/statuses/\(id)").status == 200)

            let (broad, _) = try await mastodon.token("alice", scopes: ["read", "write"])
            #expect(try await mastodon.get("/api/v1/accounts/verify_credentials", token: broad).status == 200)
            #expect(try await mastodon.get("/api/v1/accounts/\(accountID)/statuses", token: broad).status == 200)
            #expect(try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), token: broad).status == 200)
        }
    }

    @Test func anAppToken_onAUserEndpoint_is422() async throws {
        try await MastodonHarness.run { mastodon in
            let app = try await mastodon.registerApp(scopes: "read write:statuses")
            let granted = try await mastodon.post("/oauth/token", form: [
                ("grant_type", "client_credentials"), ("client_id", app.id), ("client_secret", app.secret), ("scope", "write:statuses"),
            ])
            #expect(granted.status == 200)
            let token = try #require(granted.json?["access_token"]?.stringValue)
            let refused = try await mastodon.status("hello", token: token)
            #expect(refused.status == 422)
            #expect(refused.json == .object(["error": .string("This method requires an authenticated user")]))
            let wider = try await mastodon.post("/oauth/token", form: [
                ("grant_type", "client_credentials"), ("client_id", app.id), ("client_secret", app.secret), ("scope", "write:media"),
            ])
            #expect(wider.status == 400)
            #expect(wider.json?["error"]?.stringValue == "invalid_scope")
        }
    }

    @Test func aClientMayAuthenticateWithBasic_andNoSecretReachesARecord() async throws {
        try await MastodonHarness.run { mastodon in
            let app = try await mastodon.registerApp()
            let verifier = PKCE.makeVerifier()
            let approval = try await mastodon.authorize(clientID: app.id, verifier: verifier)
            let code = try #require(approval.redirectQuery["code"])
            let exchanged = try await mastodon.post("/oauth/token", json: .object([
                "grant_type": .string("authorization_code"), "code": .string(code), "redirect_uri": .string(MastodonHarness.redirect),
                "code_verifier": .string(verifier),
            ]), headers: [.basic(app.id, app.secret)])
            #expect(exchanged.status == 200)
            let token = try #require(exchanged.json?["access_token"]?.stringValue)
            #expect(try await mastodon.status("Hello", token: token).status == 200)
            _ = try await mastodon.exchange(code: code, verifier: verifier, app: app)
            _ = try await mastodon.post("/oauth/revoke", form: [("client_id", app.id), ("client_secret", "wrong"), ("token", token)])
            let records = try JSONEncoder().encode(await mastodon.recorder.received()) + JSONEncoder().encode(await mastodon.recorder.rejected())
                + JSONEncoder().encode(await mastodon.recorder.issued()) + JSONEncoder().encode(await mastodon.recorder.revoked())
            let text = String(decoding: records, as: UTF8.self)
            let secrets = await mastodon.recorder.secrets()
            #expect(secrets.contains(token) && secrets.contains(app.secret))
            #expect(secrets.allSatisfy { !text.contains($0) })
            #expect(!text.contains(code) && !text.contains(verifier))
            #expect(await mastodon.recorder.issued().map(\.grant) == ["authorization_code"])
        }
    }
}
