import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The publishing quota (250 posts, 1,000 replies, each in a moving 24 hours), with small injected limits.
@Suite struct ThreadsQuotaTests {
    static let fields = [("fields", "quota_usage,config,reply_quota_usage,reply_config")]

    @Test func publishingPastAnInjectedQuota_isRefusedWithCode9_andThePublishingLimitReportsIt() async throws {
        try await ThreadsHarness.run(limits: ThreadsLimits(posts: 2, replies: 1, processing: .seconds(5))) { threads in
            let (token, _) = try await threads.mint()
            let first = try await threads.publishText(token, "Monday: rest")
            threads.clock.advance(by: 3_600)
            _ = try await threads.publishText(token, "Tuesday: tempo")
            let third = try await threads.textContainer(token, "Wednesday: long run")
            threads.clock.advance(by: 5)
            let refused = try await threads.publish(token, third)
            #expect(refused.status == 400)
            #expect(refused.json?["error"]?["code"] == .integer(9) && refused.json?["error"]?["is_transient"] == .bool(false))
            #expect(await threads.recorder.rejected().last?.reasonCode == "publishing_limit")
            #expect(try await threads.status(token, third) == "FINISHED")

            // Replies are counted apart: the full post quota does not hold one back.
            _ = try await threads.publishText(token, "Splits: 4:50, 4:45", replyTo: first)
            let limit = try await threads.get("/v1.0/me/threads_publishing_limit", Self.fields, token: token)
            #expect(limit.json == .object(["data": .array([.object([
                "quota_usage": .integer(2), "config": .object(["quota_total": .integer(2), "quota_duration": .integer(86_400)]),
                "reply_quota_usage": .integer(1), "reply_config": .object(["quota_total": .integer(1), "quota_duration": .integer(86_400)]),
            ])])]))
            let secondReply = try await threads.textContainer(token, "And a cool-down", replyTo: first)
            threads.clock.advance(by: 5)
            #expect(try await threads.publish(token, secondReply).json?["error"]?["code"] == .integer(9))
            #expect(await threads.recorder.rejected().last?.reasonCode == "reply_limit")

            // A moving window: the first post frees its slot 24 hours after it was made, the second an hour later.
            threads.clock.advance(by: 86_400 - 3_600 - 10)
            let moved = try await threads.get("/v1.0/me/threads_publishing_limit", [("fields", "quota_usage")], token: token)
            #expect(moved.json?["data"]?[0]?["quota_usage"] == .integer(1))
            #expect(try await threads.publish(token, third).status == 200)
            #expect(await threads.posts().count == 4)
        }
    }

    @Test func theDefaults_are250PostsAnd1000Replies_perDay() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let limit = try await threads.get("/v1.0/me/threads_publishing_limit", Self.fields, token: token)
            #expect(limit.json?["data"]?[0]?["config"]?["quota_total"] == .integer(250))
            #expect(limit.json?["data"]?[0]?["reply_config"]?["quota_total"] == .integer(1_000))
            #expect(limit.json?["data"]?[0]?["quota_usage"] == .integer(0))
            let unknown = try await threads.get("/v1.0/me/threads_publishing_limit", [("fields", "quota_usage,posts_left")], token: token)
            #expect(unknown.json?["error"]?["code"] == .integer(100))
        }
    }
}
