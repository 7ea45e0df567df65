import Foundation
import HTTPClient
import OAuth
import SchedulerCore
import Testing

@testable import Sandbox

/// App registration, the authorization code with S256 PKCE, tokens that never expire, revocation and scopes.
@Suite struct MastodonOAuthTests {
    @Test func anApp_andAnApprovedCodeWithPKCE_giveATokenThatNeverExpires() async throws {
        try await MastodonHarness.run { mastodon in
            let registered = try await mastodon.post("/api/v1/apps", form: [
                ("client_name", "schedulerd"), ("redirect_uris", MastodonHarness.redirect), ("scopes", "profile write:statuses"), ("website", "https://example.com"),
            ])
            #expect(registered.status == 200)
            #expect(registered.json?["scopes"] == .array([.string("profile"), .string("write:statuses")]))
            #expect(registered.json?["client_secret_expires_at"] == .integer(0))
            let app = (id: try #require(registered.json?["client_id"]?.stringValue), secret: try #require(registered.json?["client_secret"]?.stringValue))
            let verifier = PKCE.makeVerifier()
            let approval = try await mastodon.authorize(clientID: app.id, verifier: verifier, scope: "profile write:statuses")
            #expect(approval.status == 302)
            #expect(approval.header("Location")?.hasPrefix(MastodonHarness.redirect + "?code=") == true)
            #expect(approval.redirectQuery["state"] == "st4te")
            let code = try #require(approval.redirectQuery["code"])

            let wrong = try await mastodon.exchange(code: code, verifier: PKCE.makeVerifier(), app: app)
            #expect(wrong.status == 400)
            #expect(wrong.json?["error"]?.stringValue == "invalid_grant")
            let rejected = await mastodon.recorder.rejected().last
            #expect(rejected?.reasonCode == "code_verifier_mismatch")
            #expect(rejected?.network == "mastodon")

            let verifier2 = PKCE.makeVerifier()
            let again = try await mastodon.authorize(clientID: app.id, verifier: verifier2, scope: "profile write:statuses")
            let exchanged = try await mastodon.exchange(code: try #require(again.redirectQuery["code"]), verifier: verifier2, app: app)
            #expect(exchanged.status == 200)
            #expect(exchanged.json?["token_type"]?.stringValue == "Bearer")
            #expect(exchanged.json?["scope"]?.stringValue == "profile write:statuses")
            #expect(exchanged.json?["expires_in"] == nil && exchanged.json?["refresh_token"] == nil)
            #expect(exchanged.json?["created_at"]?.integer != nil)
            let token = try #require(exchanged.json?["access_token"]?.stringValue)

            mastodon.clock.advance(by: 400 * 86_400)
            let me = try await mastodon.get("/api/v1/accounts/verify_credentials", token: token)
            #expect(me.status == 200)
            #expect(me.json?["username"]?.stringValue == "alice")
            #expect(me.json?["source"]?["privacy"]?.stringValue == "public")
            let replay = try await mastodon.exchange(code: try #require(again.redirectQuery["code"]), verifier: verifier2, app: app)
            #expect(replay.status == 400)
            let records = try JSONEncoder().encode(await mastodon.recorder.rejected())
            #expect(!String(decoding: records, as: UTF8.self).contains(app.secret))
        }
    }

    @Test func registration_refusesUnknownScopesAndForeignRedirects_andTheHelperListsTheScopesAsked() async throws {
        try await MastodonHarness.run { mastodon in
            let unknown = try await mastodon.post("/api/v1/apps", form: [("client_name", "a"), ("redirect_uris", MastodonHarness.redirect), ("scopes", "read write:everything")])
            #expect(unknown.status == 422)
            #expect(unknown.json?["error"]?.stringValue == "Validation failed: Scopes doesn't match configured on the server.")
            let foreign = try await mastodon.post("/api/v1/apps", form: [("client_name", "a"), ("redirect_uris", "https://evil.example/cb")])
            #expect(foreign.status == 422)
            let relative = try await mastodon.post("/api/v1/apps", form: [("client_name", "a"), ("redirect_uris", "/callback")])
            #expect(relative.json?["error"]?.stringValue == "Validation failed: Redirect URI must be an absolute URI.")
            let oob = try await mastodon.post("/api/v1/apps", json: .object([
                "client_name": .string("cli"), "redirect_uris": .array([.string("urn:ietf:wg:oauth:2.0:oob")]),
            ]))
            #expect(oob.status == 200)
            #expect(oob.json?["scopes"] == .array([.string("read")]))
            _ = try await mastodon.registerApp(scopes: "profile write:media")
            let apps = try await mastodon.get(mastodon.helper + "/apps")
            #expect(apps.json == .array([
                MastodonSandboxNetwork.applicationSummary(MastodonApp(id: "1", name: "cli", website: nil, clientID: "", clientSecret: "",
                                                                       redirectURIs: ["urn:ietf:wg:oauth:2.0:oob"], scopes: ["read"])),
                MastodonSandboxNetwork.applicationSummary(MastodonApp(id: "2", name: "schedulerd", website: nil, clientID: "", clientSecret: "",
                                                                       redirectURIs: [MastodonHarness.redirect], scopes: ["profile", "write:media"])),
            ]))
        }
    }

    @Test func authorize_redirectsErrors_refusesUnknownClients_andShowsAnOutOfBandCode() async throws {
        try await MastodonHarness.run { mastodon in
            let app = try await mastodon.registerApp(scopes: "profile write:statuses")
            let verifier = PKCE.makeVerifier()
            let wider = try await mastodon.authorize(clientID: app.id, verifier: verifier, scope: "profile write")
            #expect(wider.redirectQuery["error"] == "invalid_scope")
            let noPKCE = try await mastodon.get("/oauth/authorize", [
                ("response_type", "code"), ("client_id", app.id), ("redirect_uri", MastodonHarness.redirect), ("scope", "profile"),
            ])
            #expect(noPKCE.redirectQuery["error"] == "invalid_request")
            let denied = try await mastodon.authorize(clientID: app.id, verifier: verifier, scope: "profile", extra: [("sandbox_decision", "deny")])
            #expect(denied.redirectQuery["error"] == "access_denied")
            let stranger = try await mastodon.authorize(clientID: "nope", verifier: verifier)
            #expect(stranger.status == 400)
            #expect(stranger.header("Location") == nil)
            let otherPort = try await mastodon.get("/oauth/authorize", [
                ("response_type", "code"), ("client_id", app.id), ("redirect_uri", "http://127.0.0.1:4000/callback"), ("scope", "profile"),
                ("code_challenge", PKCE.challengeS256(verifier: verifier)), ("code_challenge_method", "S256"),
            ])
            #expect(otherPort.status == 302)
            #expect(otherPort.redirectQuery["code"] != nil)

            let cli = try await mastodon.registerApp(scopes: "read", redirect: MastodonAppRegistration.outOfBand)
            let shown = try await mastodon.get("/oauth/authorize", [
                ("response_type", "code"), ("client_id", cli.id), ("redirect_uri", MastodonAppRegistration.outOfBand),
                ("code_challenge", PKCE.challengeS256(verifier: verifier)), ("code_challenge_method", "S256"),
            ])
            #expect(shown.header("Location")?.hasPrefix("/oauth/authorize/native?code=") == true)
            let page = try await mastodon.get("/oauth/authorize/native", [("code", shown.redirectQuery["code"] ?? "")])
            #expect(page.bodyText.contains("id=\"sandbox_code\""))
        }
    }
}
