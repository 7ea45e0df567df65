import Foundation
import HTTPClient
import OAuth
import SchedulerCore
import Testing

@testable import Sandbox

/// What each emulation says a token may do, as the networks' references describe it: Graph's `debug_token`, X's
/// `x-access-level` and read-only refusal, LinkedIn's `introspectToken`; and the helper tokens that exercise them.
@Suite struct TokenInspectionServerTests {
    static let appToken = "\(SandboxCredentials.facebookAppID)|\(SandboxCredentials.facebookAppSecret)"

    func debug(_ sandbox: SandboxHarness, _ token: String, as viewer: String = Self.appToken) async throws -> HTTPResponse {
        try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/v26.0/debug_token", [("input_token", token), ("access_token", viewer)]))
    }

    @Test func facebookHelper_givesAPageToken_thatDebugTokenCallsAPageToken_withTheGrantedScopes() async throws {
        try await SandboxHarness.run { sandbox in
            let minted = try #require(try await sandbox.post(sandbox.facebook + "/_sandbox/facebook/tokens", json: #"{"username":"club"}"#).json)
            let page = try #require(minted["access_token"]?.stringValue)
            let data = try #require(try await debug(sandbox, page).json?["data"])
            #expect(data["type"]?.stringValue == "PAGE")
            #expect(data["is_valid"] == .bool(true))
            #expect(data["app_id"]?.stringValue == SandboxCredentials.facebookAppID)
            #expect(data["profile_id"] == minted["page_id"], "a Page token's profile is the Page")
            #expect(data["expires_at"] == .integer(0), "a Page token from a long-lived user token does not expire")
            let scopes = Set((try #require(data["scopes"]).arrayStrings))
            #expect(scopes.isSuperset(of: ["pages_manage_posts", "pages_read_engagement", "pages_manage_engagement"]))
            #expect(data["granular_scopes"]?[0]?["scope"] != nil)

            let user = try #require(minted["user_access_token"]?.stringValue)
            let userData = try #require(try await debug(sandbox, user).json?["data"])
            #expect(userData["type"]?.stringValue == "USER")
            #expect(userData["profile_id"] == nil)
            #expect(userData["expires_at"] != .integer(0), "the user token is long-lived, not endless")
        }
    }

    @Test func facebookHelper_withScopes_grantsOnlyThose_andThePageIsThenRefusedPublishing() async throws {
        try await SandboxHarness.run { sandbox in
            let minted = try #require(try await sandbox.post(sandbox.facebook + "/_sandbox/facebook/tokens",
                                                             json: #"{"username":"club","scopes":["pages_show_list"]}"#).json)
            let page = try #require(minted["access_token"]?.stringValue)
            #expect(try #require(try await debug(sandbox, page).json?["data"]?["scopes"]).arrayStrings == ["pages_show_list"])
            let pageID = try #require(minted["page_id"]?.stringValue)
            let refused = try await sandbox.post(sandbox.facebook + "/v26.0/\(pageID)/feed", form: [("message", "Hill repeats"), ("access_token", page)])
            #expect(refused.json?["error"]?["code"] == .integer(200))
        }
    }

    @Test func debugToken_answersAnInvalidTokenInItsData_andRefusesAnotherAppsView_aWrongSecret_andNoInputToken() async throws {
        try await SandboxHarness.run { sandbox in
            let unknown = try await debug(sandbox, "EAASnot-a-token")
            #expect(unknown.status == 200)
            #expect(unknown.json?["data"]?["is_valid"] == .bool(false))
            #expect(unknown.json?["data"]?["error"]?["code"] == .integer(190))

            let page = try #require(try await sandbox.post(sandbox.facebook + "/_sandbox/facebook/tokens", json: "{}").json?["access_token"]?.stringValue)
            let otherApp = "\(FacebookOAuth.secondClient.id)|\(FacebookOAuth.secondClient.secret!)"
            let mismatch = try await debug(sandbox, page, as: otherApp)
            #expect(mismatch.status == 400)
            #expect(mismatch.json?["error"]?["message"]?.stringValue == "(#100) The App_id in the input_token did not match the Viewing App")
            #expect(mismatch.json?["error"]?["code"] == .integer(100))

            let wrongSecret = try await debug(sandbox, page, as: "\(SandboxCredentials.facebookAppID)|guessed")
            #expect(wrongSecret.status == 400 && wrongSecret.json?["error"]?["code"] == .integer(190))
            let noInput = try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/debug_token", [("access_token", Self.appToken)]))
            #expect(noInput.status == 400 && noInput.json?["error"]?["code"] == .integer(100))
            #expect(try await sandbox.allRecordsText(from: sandbox.facebook).contains(page) == false, "no token in any record")
        }
    }

    /// A person who unticks a permission in the Login dialog, or removes it in their settings later, leaves a grant
    /// without it: the token's scopes say so, and a Page left without `pages_manage_posts` is refused its posts.
    @Test func aDeclinedOrRemovedPermission_isGoneFromTheGrant() async throws {
        try await SandboxHarness.run { sandbox in
            let approved = try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/v26.0/dialog/oauth", [
                ("client_id", SandboxCredentials.facebookAppID), ("redirect_uri", "http://127.0.0.1:5/cb"),
                ("scope", "pages_show_list,pages_manage_posts,pages_read_engagement"), ("sandbox_declined", "pages_manage_posts"),
            ]))
            let code = try #require(approved.redirectQuery["code"])
            let token = try await sandbox.get(SandboxHarness.url(sandbox.facebook, "/v26.0/oauth/access_token", [
                ("client_id", SandboxCredentials.facebookAppID), ("client_secret", SandboxCredentials.facebookAppSecret),
                ("redirect_uri", "http://127.0.0.1:5/cb"), ("code", code),
            ]))
            let user = try #require(token.json?["access_token"]?.stringValue)
            let scopes = try #require(try await debug(sandbox, user).json?["data"]?["scopes"]).arrayStrings
            #expect(scopes.contains("pages_read_engagement") && !scopes.contains("pages_manage_posts"))

            let account = try await sandbox.graphAccount("remover")
            #expect(try await sandbox.delete(sandbox.facebook + "/v26.0/me/permissions/pages_manage_posts", headers: [.bearer(account.userToken)]).json?["success"] == .bool(true))
            let pageScopes = try #require(try await debug(sandbox, account.pageToken).json?["data"]?["scopes"]).arrayStrings
            #expect(!pageScopes.contains("pages_manage_posts"), "the Page token loses it too")
            let refused = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed",
                                                 form: [("message", "After the change"), ("access_token", account.pageToken)])
            #expect(refused.json?["error"]?["code"] == .integer(200))
        }
    }

    /// X's "OAuth 1.0a App permissions": every user-context answer says the token's level, and a `read` token is refused
    /// posting with `oauth1-permissions`, as X answers it.
    @Test func x_aReadOnlyToken_isToldAsSuch_andRefusedPosting_whileAReadWriteTokenPosts() async throws {
        try await SandboxHarness.run { sandbox in
            let now = Int(sandbox.clock.now.timeIntervalSince1970)
            func signed(_ credentials: OAuth1Credentials, _ method: String, _ url: String) -> [HTTPHeader] {
                [HTTPHeader("Authorization", OAuth1Signer(credentials: credentials).authorizationHeader(method: method, url: url, timestamp: now))]
            }
            let reader = try await sandbox.xOAuth1Credentials("reader", accessLevel: "read")
            let me = try await sandbox.get(sandbox.x + "/2/users/me", headers: signed(reader, "GET", sandbox.x + "/2/users/me"))
            #expect(me.status == 200 && me.header("x-access-level") == "read")
            let tweet = try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"Tempo run"}"#,
                                               headers: signed(reader, "POST", sandbox.x + "/2/tweets"))
            #expect(tweet.status == 403)
            #expect(tweet.json?["type"]?.stringValue == "https://api.twitter.com/2/problems/oauth1-permissions")
            #expect(tweet.json?["detail"]?.stringValue == "Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.")

            let writer = try await sandbox.xOAuth1Credentials("writer")
            let posted = try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"Tempo run"}"#,
                                                headers: signed(writer, "POST", sandbox.x + "/2/tweets"))
            #expect(posted.status == 201 && posted.header("x-access-level") == "read-write")
            let bad = try await sandbox.post(sandbox.x + "/_sandbox/x/tokens", json: #"{"access_level":"admin"}"#)
            #expect(bad.status == 400)
        }
    }

    /// LinkedIn's Token Introspection: a live token's scopes (comma-separated) and expiry; a revoked one is inactive; a
    /// wrong client secret is a 401 and a token LinkedIn never issued a 400.
    @Test func linkedIn_introspection_saysWhatATokenMayDo_andWhetherItIsStillActive() async throws {
        try await SandboxHarness.run { sandbox in
            let credentials = [("client_id", SandboxCredentials.linkedinClientID), ("client_secret", SandboxCredentials.linkedinClientSecret)]
            let account = try await sandbox.linkedInAccount("rower", scopes: ["openid", "profile"])
            let live = try #require(try await sandbox.post(sandbox.linkedin + "/oauth/v2/introspectToken", form: credentials + [("token", account.token)]).json)
            #expect(live["active"] == .bool(true) && live["status"]?.stringValue == "active")
            #expect(live["scope"]?.stringValue == "openid,profile")
            #expect(live["auth_type"]?.stringValue == "3L")
            let expiresAt = try #require(live["expires_at"])
            #expect(expiresAt == .integer(Int64(sandbox.clock.now.timeIntervalSince1970) + 5_184_000))

            _ = try await sandbox.post(sandbox.linkedin + "/oauth/v2/revoke", form: credentials + [("token", account.token)])
            let revoked = try #require(try await sandbox.post(sandbox.linkedin + "/oauth/v2/introspectToken", form: credentials + [("token", account.token)]).json)
            #expect(revoked["active"] == .bool(false) && revoked["status"]?.stringValue == "revoked")

            let wrongSecret = try await sandbox.post(sandbox.linkedin + "/oauth/v2/introspectToken",
                                                     form: [("client_id", SandboxCredentials.linkedinClientID), ("client_secret", "guess"), ("token", account.token)])
            #expect(wrongSecret.status == 401)
            let unknown = try await sandbox.post(sandbox.linkedin + "/oauth/v2/introspectToken", form: credentials + [("token", "AQVforged")])
            #expect(unknown.status == 400)
        }
    }
}

extension JSONValue {
    /// The strings of an array, for comparing scope lists.
    var arrayStrings: [String] {
        guard case .array(let items) = self else { return [] }
        return items.compactMap(\.stringValue)
    }
}
