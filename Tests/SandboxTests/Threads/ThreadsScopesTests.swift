import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Which permission each Threads call needs, and how calls without a usable token, to someone else's profile or off
/// `/v1.0/` are answered.
@Suite struct ThreadsScopesTests {
    @Test func aBasicToken_readsItsProfile_butMayNotPublishNorReadTheQuota() async throws {
        try await ThreadsHarness.run { threads in
            let (token, userID) = try await threads.mint("reader", scopes: ["threads_basic"])
            let me = try await threads.get("/v1.0/me", [("fields", "id,username,name,threads_biography,is_verified")], token: token)
            #expect(me.status == 200)
            #expect(me.json?["id"]?.stringValue == userID && me.json?["username"]?.stringValue == "reader" && me.json?["is_verified"] == .bool(false))
            #expect(try await threads.get("/v1.0/me/threads", token: token).status == 200)

            let create = try await threads.createContainer(token, [("media_type", "TEXT"), ("text", "Tempo run")])
            #expect(create.status == 400)
            #expect(create.json?["error"]?["code"] == .integer(10) && create.json?["error"]?["type"]?.stringValue == "OAuthException")
            let limit = try await threads.get("/v1.0/me/threads_publishing_limit", [("fields", "quota_usage")], token: token)
            #expect(limit.json?["error"]?["code"] == .integer(10))
            #expect(await threads.recorder.rejected().allSatisfy { $0.network == "threads" && $0.reasonCode == "insufficient_scope" })
            #expect(await threads.recorder.received().isEmpty)
        }
    }

    @Test func replies_needThreadsManageReplies_toCreate_andForTheReplyQuota() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint("poster", scopes: ["threads_basic", "threads_content_publish"])
            let root = try await threads.publishText(token, "Long run today")
            let reply = try await threads.createContainer(token, [("media_type", "TEXT"), ("text", "Splits below"), ("reply_to_id", root)])
            #expect(reply.json?["error"]?["code"] == .integer(10))
            let quota = try await threads.get("/v1.0/me/threads_publishing_limit", [("fields", "quota_usage,reply_quota_usage")], token: token)
            #expect(quota.json?["error"]?["code"] == .integer(10))
            let posts = try await threads.get("/v1.0/me/threads_publishing_limit", [("fields", "quota_usage,config")], token: token)
            #expect(posts.status == 200)
            let replies = try await threads.get("/v1.0/\(root)/replies", token: token)
            #expect(replies.json?["error"]?["code"] == .integer(10))
        }
    }

    @Test func noToken_anUnknownOne_anotherProfile_andAnotherVersion_areRefused() async throws {
        try await ThreadsHarness.run { threads in
            let (token, userID) = try await threads.mint("runner")
            let (_, otherID) = try await threads.mint("rival")
            let missing = try await threads.get("/v1.0/me")
            #expect(missing.status == 400 && missing.json?["error"]?["code"] == .integer(190))
            let unknown = try await threads.get("/v1.0/me", token: "THQVnot-a-token")
            #expect(unknown.json?["error"]?["message"]?.stringValue == "Invalid OAuth access token - Cannot parse access token")
            let trace = try #require(unknown.json?["error"]?["fbtrace_id"]?.stringValue)
            #expect(trace.count == 11)

            let elsewhere = try await threads.post("/v1.0/\(otherID)/threads", form: [("media_type", "TEXT"), ("text", "Hi")], token: token)
            #expect(elsewhere.json?["error"]?["code"] == .integer(100) && elsewhere.json?["error"]?["error_subcode"] == .integer(33))
            #expect(try await threads.get("/v1.0/\(otherID)/threads", token: token).json?["error"]?["error_subcode"] == .integer(33))
            #expect(try await threads.get("/v2.0/me", token: token).json?["error"]?["code"] == .integer(2500))
            #expect(try await threads.get("/v1.0/\(userID)", [("access_token", token)]).json?["id"]?.stringValue == userID)
        }
    }

    @Test func theCallBudget_perAppAndPerson_isRefusedWithCode4_forAMovingDay() async throws {
        try await ThreadsHarness.run(limits: ThreadsLimits(calls: 3)) { threads in
            let (token, _) = try await threads.mint("runner")
            let (other, _) = try await threads.mint("walker")
            for _ in 0..<3 { #expect(try await threads.get("/v1.0/me", token: token).status == 200) }
            let fourth = try await threads.get("/v1.0/me", token: token)
            #expect(fourth.status == 403)
            #expect(fourth.json?["error"]?["code"] == .integer(4) && fourth.json?["error"]?["is_transient"] == .bool(true))
            #expect(try await threads.get("/v1.0/me", token: other).status == 200)
            threads.clock.advance(by: 86_400)
            #expect(try await threads.get("/v1.0/me", token: token).status == 200)
        }
    }
}
