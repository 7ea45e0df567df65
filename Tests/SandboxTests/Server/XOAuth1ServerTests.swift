import CryptoPrimitives
import Foundation
import HTTPClient
import OAuth
import Testing

@testable import Sandbox

/// X's three-legged OAuth 1.0a over the wire: request token, approval (PIN or callback), access token.
@Suite struct XOAuth1ServerTests {
    static let consumer = OAuth1Credentials(consumerKey: SandboxCredentials.xConsumerKey, consumerSecret: SandboxCredentials.xConsumerSecret)

    func signedPOST(_ sandbox: SandboxHarness, _ path: String, credentials: OAuth1Credentials, oauth: [(String, String)] = [], form: [(String, String)] = []) async throws -> HTTPResponse {
        let url = sandbox.x + path
        let header = OAuth1Signer(credentials: credentials).authorizationHeader(
            method: "POST", url: url, formParameters: form, extraOAuthParameters: oauth, timestamp: Int(sandbox.clock.now.timeIntervalSince1970)
        )
        return try await sandbox.post(url, form: form, headers: [HTTPHeader("Authorization", header)])
    }

    func requestToken(_ sandbox: SandboxHarness, callback: String) async throws -> OAuth1Credentials {
        let response = try await signedPOST(sandbox, "/oauth/request_token", credentials: Self.consumer, oauth: [("oauth_callback", callback)])
        #expect(response.status == 200)
        let form = Dictionary(PercentDecoding.parseForm(response.bodyText) ?? [], uniquingKeysWith: { a, _ in a })
        #expect(form["oauth_callback_confirmed"] == "true")
        var credentials = Self.consumer
        let token: String = try #require(form["oauth_token"])
        let secret: String = try #require(form["oauth_token_secret"])
        credentials.token = token
        credentials.tokenSecret = secret
        return credentials
    }

    @Test func pinFlow_givesATokenPairThatWorksWithTheAPI_andAWrongPINIsRefused() async throws {
        try await SandboxHarness.run { sandbox in
            let temporary = try await requestToken(sandbox, callback: "oob")
            let page = try await sandbox.get(SandboxHarness.url(sandbox.x, "/oauth/authorize", [("oauth_token", temporary.token!), ("sandbox_user", "walker")]))
            #expect(page.status == 200)
            let pin = try #require(page.bodyText.firstMatch(of: /<code id="oauth_pin">(\d{7})<\/code>/)?.1).description

            let wrong = try await signedPOST(sandbox, "/oauth/access_token", credentials: temporary, oauth: [("oauth_verifier", pin == "0000000" ? "1111111" : "0000000")])
            #expect(wrong.status == 401)
            #expect(wrong.bodyText.contains("Invalid oauth_verifier"))

            let exchanged = try await signedPOST(sandbox, "/oauth/access_token", credentials: temporary, form: [("oauth_verifier", pin)])
            #expect(exchanged.status == 200)
            let form = Dictionary(PercentDecoding.parseForm(exchanged.bodyText) ?? [], uniquingKeysWith: { a, _ in a })
            #expect(form["screen_name"] == "walker")
            let access = OAuth1Credentials(consumerKey: Self.consumer.consumerKey, consumerSecret: Self.consumer.consumerSecret, token: form["oauth_token"], tokenSecret: form["oauth_token_secret"])
            let url = sandbox.x + "/2/users/me"
            let me = try await sandbox.get(url, headers: [HTTPHeader("Authorization", OAuth1Signer(credentials: access).authorizationHeader(method: "GET", url: url))])
            #expect(me.json?["data"]?["id"]?.stringValue == form["user_id"])

            let again = try await signedPOST(sandbox, "/oauth/access_token", credentials: temporary, form: [("oauth_verifier", pin)])
            #expect(again.status == 401)
            let records = try await sandbox.allRecordsText()
            #expect(!records.contains(pin))
            #expect(!records.contains(temporary.tokenSecret!))
            #expect(!records.contains(form["oauth_token_secret"]!))
            #expect(await sandbox.sandbox.issued().map(\.kind) == [.oauth1Token])
        }
    }

    @Test func callbackFlow_redirectsWithTheTokenAndVerifier_orWithDeniedWhenRefused() async throws {
        try await SandboxHarness.run { sandbox in
            let callback = "http://127.0.0.1:8123/x/callback"
            let temporary = try await requestToken(sandbox, callback: callback)
            let approved = try await sandbox.get(SandboxHarness.url(sandbox.x, "/oauth/authorize", [("oauth_token", temporary.token!)]))
            #expect(approved.status == 302)
            #expect(approved.header("Location")?.hasPrefix(callback + "?oauth_token=") == true)
            let verifier = try #require(approved.redirectQuery["oauth_verifier"])
            #expect(try await signedPOST(sandbox, "/oauth/access_token", credentials: temporary, oauth: [("oauth_verifier", verifier)]).status == 200)

            let refused = try await requestToken(sandbox, callback: callback)
            let denied = try await sandbox.get(SandboxHarness.url(sandbox.x, "/oauth/authorize", [("oauth_token", refused.token!), ("sandbox_decision", "deny")]))
            #expect(denied.redirectQuery["denied"] == refused.token)
        }
    }

    @Test func requestTokens_expireAfterTheCodeLifetime() async throws {
        try await SandboxHarness.run(configuration: .init(authorizationCodeLifetime: .seconds(1))) { sandbox in
            let temporary = try await requestToken(sandbox, callback: "oob")
            sandbox.clock.advance(by: 2)
            let page = try await sandbox.get(SandboxHarness.url(sandbox.x, "/oauth/authorize", [("oauth_token", temporary.token!)]))
            #expect(page.status == 400)
        }
    }

    @Test func requestToken_refusesACallbackTheAppIsNotRegisteredFor_orNone() async throws {
        try await SandboxHarness.run { sandbox in
            let evil = try await signedPOST(sandbox, "/oauth/request_token", credentials: Self.consumer, oauth: [("oauth_callback", "https://evil.example/cb")])
            #expect(evil.status == 403)
            #expect(evil.json?["errors"]?[0]?["code"] == .integer(415))
            let none = try await signedPOST(sandbox, "/oauth/request_token", credentials: Self.consumer)
            #expect(none.status == 400)
            var forged = Self.consumer
            forged.consumerSecret = "guess"
            let badSignature = try await signedPOST(sandbox, "/oauth/request_token", credentials: forged, oauth: [("oauth_callback", "oob")])
            #expect(badSignature.status == 401)
            #expect(badSignature.json?["errors"]?[0]?["code"] == .integer(32))
        }
    }
}
