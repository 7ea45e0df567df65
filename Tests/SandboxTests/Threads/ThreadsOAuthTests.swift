import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The Threads authorization window and token endpoints over real HTTP: code → short-lived → long-lived, the refresh
/// rules, and what the window and the code exchange refuse.
@Suite struct ThreadsOAuthTests {
    static let app = [("client_id", ThreadsOAuth.appID), ("redirect_uri", ThreadsHarness.redirectURI), ("response_type", "code")]

    /// `GET /oauth/authorize` for the sandbox app with `scope` and state `s1`, plus `extra`.
    static func authorize(_ threads: ThreadsHarness, scope: String = "threads_basic,threads_content_publish",
                          _ extra: [(String, String)] = []) async throws -> HTTPResponse {
        try await threads.get("/oauth/authorize", app + [("scope", scope), ("state", "s1")] + extra)
    }

    static func exchange(_ threads: ThreadsHarness, code: String, secret: String = ThreadsOAuth.appSecret,
                         redirectURI: String = ThreadsHarness.redirectURI) async throws -> HTTPResponse {
        try await threads.post("/oauth/access_token", form: [
            ("client_id", ThreadsOAuth.appID), ("client_secret", secret), ("code", code), ("grant_type", "authorization_code"), ("redirect_uri", redirectURI),
        ])
    }

    /// A short-lived token through the window and the code exchange.
    static func shortLivedToken(_ threads: ThreadsHarness, user: String = "runner") async throws -> String {
        let code = try #require(try await authorize(threads, [("sandbox_user", user)]).redirectQuery["code"])
        return try #require(try await exchange(threads, code: code).json?["access_token"]?.stringValue)
    }

    static func longLived(_ threads: ThreadsHarness, _ short: String, secret: String = ThreadsOAuth.appSecret) async throws -> HTTPResponse {
        try await threads.get("/access_token", [("grant_type", "th_exchange_token"), ("client_secret", secret), ("access_token", short)])
    }

    static func refresh(_ threads: ThreadsHarness, _ token: String) async throws -> HTTPResponse {
        try await threads.get("/refresh_access_token", [("grant_type", "th_refresh_token"), ("access_token", token)])
    }

    @Test func theCode_becomesAShortLivedToken_thenALongLivedOne_refreshableFrom24Hours() async throws {
        try await ThreadsHarness.run { threads in
            let window = try await Self.authorize(threads, [("sandbox_user", "runner")])
            #expect(window.status == 302)
            let location = try #require(window.header("Location"))
            #expect(location.hasPrefix(ThreadsHarness.redirectURI + "?code=") && location.hasSuffix("#_"))
            #expect(window.redirectQuery["state"] == "s1")
            let code = try #require(window.redirectQuery["code"])

            let exchanged = try await Self.exchange(threads, code: code)
            #expect(exchanged.status == 200)
            let short = try #require(exchanged.json?["access_token"]?.stringValue)
            let me = try await threads.get("/v1.0/me", [("fields", "id,username")], token: short)
            let userID = try #require(me.json?["id"]?.stringValue)
            #expect(me.json?["username"]?.stringValue == "runner")
            // A JSON number above 2^53, as Threads sends it; no expires_in, no token_type.
            #expect(exchanged.json?["user_id"] == .integer(try #require(Int64(userID))))
            #expect(try #require(Int64(userID)) > 9_007_199_254_740_992)
            #expect(exchanged.json?["expires_in"] == nil && exchanged.json?["token_type"] == nil)

            let long = try await Self.longLived(threads, short)
            #expect(long.status == 200)
            #expect(long.json?["token_type"]?.stringValue == "bearer" && long.json?["expires_in"] == .integer(5_184_000))
            let longToken = try #require(long.json?["access_token"]?.stringValue)
            let tooYoung = try await Self.refresh(threads, longToken)
            #expect(tooYoung.status == 400 && tooYoung.json?["error"]?["code"] == .integer(100))
            #expect(await threads.recorder.rejected().last?.reasonCode == "token_too_new")

            threads.clock.advance(by: 86_400)
            let refreshed = try await Self.refresh(threads, longToken)
            #expect(refreshed.status == 200 && refreshed.json?["expires_in"] == .integer(5_184_000))
            let next = try #require(refreshed.json?["access_token"]?.stringValue)
            #expect(next != longToken)
            #expect(try await threads.get("/v1.0/me", token: next).json?["id"]?.stringValue == userID)
            let expiredShort = try await threads.get("/v1.0/me", token: short)
            #expect(expiredShort.json?["error"]?["code"] == .integer(190) && expiredShort.json?["error"]?["error_subcode"] == .integer(463))
            #expect(try await Self.longLived(threads, longToken).json?["error"]?["code"] == .integer(100))
            #expect(await threads.recorder.issued().map(\.grant) == ["authorization_code", "th_exchange_token", "th_refresh_token"])
        }
    }

    @Test func anExpiredTokenIsNeitherRefreshedNorExchanged_andAShortLivedOneIsNotRefreshed() async throws {
        try await ThreadsHarness.run { threads in
            let short = try await Self.shortLivedToken(threads)
            #expect(try await Self.refresh(threads, short).json?["error"]?["code"] == .integer(100))
            let long = try #require(try await Self.longLived(threads, short).json?["access_token"]?.stringValue)
            threads.clock.advance(by: 5_184_000)
            let late = try await Self.refresh(threads, long)
            #expect(late.json?["error"]?["code"] == .integer(190) && late.json?["error"]?["error_subcode"] == .integer(463))
            #expect(try await threads.get("/v1.0/me", token: long).json?["error"]?["code"] == .integer(190))

            let stale = try await Self.shortLivedToken(threads)
            threads.clock.advance(by: 3_600)
            #expect(try await Self.longLived(threads, stale).json?["error"]?["code"] == .integer(190))
        }
    }

    @Test func theWindow_refusesTheMetaAppID_anHTTPSRedirect_andSendsBackWhatLacksThreadsBasic() async throws {
        try await ThreadsHarness.run { threads in
            let meta = try await threads.get("/oauth/authorize", [
                ("client_id", ThreadsOAuth.metaAppID), ("redirect_uri", ThreadsHarness.redirectURI), ("scope", "threads_basic"), ("response_type", "code"),
            ])
            #expect(meta.status == 400 && meta.bodyText.contains("Threads app ID"))
            let remote = try await threads.get("/oauth/authorize", [
                ("client_id", ThreadsOAuth.appID), ("redirect_uri", "https://example.com/cb"), ("scope", "threads_basic"), ("response_type", "code"),
            ])
            #expect(remote.status == 400 && remote.header("Location") == nil)

            let noBasic = try await Self.authorize(threads, scope: "threads_content_publish")
            #expect(noBasic.redirectQuery["error"] == "invalid_scope" && noBasic.redirectQuery["state"] == "s1")
            let unknown = try await Self.authorize(threads, scope: "threads_basic,publish_everything")
            #expect(unknown.redirectQuery["error"] == "invalid_scope")
            let denied = try await Self.authorize(threads, [("sandbox_decision", "deny")])
            #expect(denied.redirectQuery["error"] == "access_denied" && denied.redirectQuery["error_reason"] == "user_denied")
            #expect(denied.redirectQuery["code"] == nil)
            let spaced = try await Self.authorize(threads, scope: "threads_basic threads_content_publish")
            #expect(spaced.redirectQuery["code"] != nil)
        }
    }

    @Test func theCodeExchange_refusesAWrongSecret_anotherRedirect_andLeaksNoSecret() async throws {
        try await ThreadsHarness.run { threads in
            let code = try #require(try await Self.authorize(threads).redirectQuery["code"])
            let wrong = try await Self.exchange(threads, code: code, secret: "guess")
            #expect(wrong.json?["error_message"]?.stringValue == "Error validating client secret.")
            let elsewhere = try await Self.exchange(threads, code: code, redirectURI: "http://127.0.0.1:9999/other")
            #expect(elsewhere.json?["error_message"]?.stringValue?.contains("redirect_uri is identical") == true)

            let fresh = try #require(try await Self.authorize(threads).redirectQuery["code"])
            let redeemed = try #require(try await Self.exchange(threads, code: fresh).json?["access_token"]?.stringValue)
            let again = try await Self.exchange(threads, code: fresh)
            #expect(again.status == 400)
            #expect(again.json == .object([
                "error_type": .string("OAuthException"), "code": .integer(400), "error_message": .string("Matching code was not found or was already used"),
            ]))
            // A replayed code revokes what it gave, as the sandbox's other authorization servers do (RFC 6749 §4.1.2).
            #expect(try await threads.get("/v1.0/me", token: redeemed).json?["error"]?["code"] == .integer(190))
            #expect(await threads.recorder.revoked().map(\.reason) == [.codeReuse])

            let short = try await Self.shortLivedToken(threads)
            let badSecret = try await Self.longLived(threads, short, secret: ThreadsOAuth.secondAppSecret)
            #expect(badSecret.json?["error"]?["code"] == .integer(1))
            _ = try await Self.longLived(threads, short)
            let records = String(decoding: try JSONEncoder().encode(await threads.recorder.rejected()), as: UTF8.self)
                + String(decoding: try JSONEncoder().encode(await threads.recorder.issued()), as: UTF8.self)
            for secret in await threads.recorder.secrets() + [ThreadsOAuth.appSecret, code, fresh] {
                #expect(!records.contains(secret))
            }
        }
    }
}
