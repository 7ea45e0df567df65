import Foundation
import HTTPClient
import Testing

@testable import Sandbox

/// Facebook Login and Graph over the wire: code, short- and long-lived tokens, Pages, Instagram, app removal.
@Suite struct FacebookServerTests {
    static let redirect = "http://localhost:7777/facebook"
    static let app = SandboxCredentials.facebookAppID
    static let secret = SandboxCredentials.facebookAppSecret

    func code(_ sandbox: SandboxHarness, scope: String = "pages_show_list,pages_manage_posts,instagram_basic,instagram_content_publish") async throws -> String {
        let response = try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/v26.0/dialog/oauth", [
            ("client_id", Self.app), ("redirect_uri", Self.redirect), ("state", "fbstate"), ("scope", scope), ("response_type", "code"), ("sandbox_user", "runner"),
        ]))
        #expect(response.status == 302)
        #expect(response.header("Location")?.hasSuffix("#_=_") == true)
        #expect(response.redirectQuery["state"] == "fbstate")
        return try #require(response.redirectQuery["code"])
    }

    func exchange(_ sandbox: SandboxHarness, code: String, secret: String = secret) async throws -> HTTPResponse {
        try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/v26.0/oauth/access_token", [
            ("client_id", Self.app), ("redirect_uri", Self.redirect), ("client_secret", secret), ("code", code),
        ]))
    }

    func longLived(_ sandbox: SandboxHarness, _ token: String) async throws -> HTTPResponse {
        try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/v26.0/oauth/access_token", [
            ("grant_type", "fb_exchange_token"), ("client_id", Self.app), ("client_secret", Self.secret), ("fb_exchange_token", token),
        ]))
    }

    @Test func linking_reachesTheUserThePageAndItsInstagramAccount() async throws {
        try await SandboxHarness.run { sandbox in
            let short = try #require(try await exchange(sandbox, code: try await code(sandbox)).json)
            #expect(short["token_type"]?.stringValue == "bearer")
            #expect(short["expires_in"] == .integer(3_600))
            let shortToken = try #require(short["access_token"]?.stringValue)
            let long = try #require(try await longLived(sandbox, shortToken).json)
            #expect(long["expires_in"] == .integer(5_184_000))
            let user = try #require(long["access_token"]?.stringValue)

            let me = try await sandbox.get(sandbox.facebook + "/v26.0/me?fields=id,name&access_token=" + user)
            #expect(me.json?["name"]?.stringValue == "Runner Sandbox")
            let accounts = try await sandbox.get(sandbox.facebook + "/v26.0/me/accounts?fields=id,name,access_token,instagram_business_account", headers: [.bearer(user)])
            let page = try #require(accounts.json?["data"]?[0])
            let pageToken = try #require(page["access_token"]?.stringValue)
            let instagram = try #require(page["instagram_business_account"]?["id"]?.stringValue)
            let profile = try await sandbox.get(sandbox.facebook + "/v26.0/\(instagram)?fields=id,username&access_token=" + pageToken)
            #expect(profile.json == .object(["id": .string(instagram), "username": .string("runner")]))

            sandbox.clock.advance(by: 90 * 86_400)
            #expect(try await sandbox.get(sandbox.facebook + "/v26.0/me?access_token=" + pageToken).json?["id"] == page["id"])
            let expiredUser = try await sandbox.get(sandbox.facebook + "/v26.0/me?access_token=" + user)
            #expect(expiredUser.status == 400)
            #expect(expiredUser.json?["error"]?["code"] == .integer(190))
            #expect(expiredUser.json?["error"]?["error_subcode"] == .integer(463))
            #expect(expiredUser.header("WWW-Authenticate")?.contains("invalid_token") == true)
        }
    }

    @Test func removingTheApp_revokesTheUserAndPageTokens() async throws {
        try await SandboxHarness.run { sandbox in
            let user = try #require(try await exchange(sandbox, code: try await code(sandbox)).json?["access_token"]?.stringValue)
            let pageToken = try #require(try await sandbox.get(sandbox.facebook + "/v26.0/me/accounts?access_token=" + user).json?["data"]?[0]?["access_token"]?.stringValue)
            let removed = try await sandbox.delete(sandbox.facebook + "/v26.0/me/permissions?access_token=" + user)
            #expect(removed.json == .object(["success": .bool(true)]))
            for token in [user, pageToken] {
                let refused = try await sandbox.get(sandbox.facebook + "/v26.0/me?access_token=" + token)
                #expect(refused.json?["error"]?["code"] == .integer(190))
                #expect(refused.json?["error"]?["error_subcode"] == .integer(458))
            }
            let revoked = try #require(await sandbox.sandbox.revoked().first)
            #expect(revoked.reason == .permissionsDeleted)
            #expect(revoked.tokensRevoked == 2)
            let records = try await sandbox.allRecordsText(from: sandbox.facebook)
            #expect(!records.contains(user) && !records.contains(pageToken))
        }
    }

    @Test func accessToken_answersGraphErrorsForAWrongSecretABadCodeAndAUsedCode() async throws {
        try await SandboxHarness.run { sandbox in
            let code = try await code(sandbox)
            let wrongSecret = try await exchange(sandbox, code: code, secret: "guess")
            #expect(wrongSecret.status == 400)
            #expect(wrongSecret.json?["error"]?["code"] == .integer(1))
            #expect(wrongSecret.json?["error"]?["message"]?.stringValue == "Error validating client secret.")
            let garbage = try await exchange(sandbox, code: "not-a-code")
            #expect(garbage.json?["error"]?["message"]?.stringValue == "Invalid verification code format.")
            #expect(garbage.json?["error"]?["fbtrace_id"]?.stringValue != nil)
            #expect(try await exchange(sandbox, code: code).status == 200)
            let used = try await exchange(sandbox, code: code)
            #expect(used.json?["error"]?["code"] == .integer(100))
            #expect(used.json?["error"]?["error_subcode"] == .integer(36009))
        }
    }

    @Test func aCodeOlderThanItsLifetime_hasExpired() async throws {
        try await SandboxHarness.run(configuration: .init(authorizationCodeLifetime: .seconds(1))) { sandbox in
            let code = try await code(sandbox)
            sandbox.clock.advance(by: 1)
            let expired = try await exchange(sandbox, code: code)
            #expect(expired.json?["error"]?["message"]?.stringValue == "This authorization code has expired.")
            #expect(expired.json?["error"]?["error_subcode"] == .integer(36007))
        }
    }

    @Test func theDialog_deniedByThePerson_redirectsWithUserDenied() async throws {
        try await SandboxHarness.run { sandbox in
            let response = try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/v26.0/dialog/oauth", [
                ("client_id", Self.app), ("redirect_uri", Self.redirect), ("state", "s"), ("sandbox_decision", "deny"),
            ]))
            #expect(response.redirectQuery == ["error": "access_denied", "error_code": "200", "error_description": "Permissions error", "error_reason": "user_denied", "state": "s"])
        }
    }

    @Test func withoutPagesShowList_accountsIsEmpty() async throws {
        try await SandboxHarness.run { sandbox in
            let user = try #require(try await exchange(sandbox, code: try await code(sandbox, scope: "public_profile")).json?["access_token"]?.stringValue)
            #expect(try await sandbox.get(sandbox.facebook + "/v26.0/me/accounts?access_token=" + user).json == .object(["data": .array([])]))
        }
    }
}
