import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Replies: a self-thread chained with `reply_to_id`, recorded with `reply_to`, left out of the listing; and the
/// targets a reply may not have.
@Suite struct ThreadsRepliesTests {
    @Test func aSelfThread_chainsReplies_recordedWithReplyTo_andTheListingLeavesThemOut() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let root = try await threads.publishText(token, "Marathon recap, a thread 🧵")
            let second = try await threads.publishText(token, "Miles 1-13: steady", replyTo: root)
            let third = try await threads.publishText(token, "Miles 14-26: hard", replyTo: second)

            let posts = await threads.posts()
            #expect(posts.map(\.remoteID) == [root, second, third])
            #expect(posts.map(\.replyTo) == [nil, root, second])
            let listed = try await threads.get("/v1.0/me/threads", token: token)
            #expect(listed.json?["data"] == .array([.object(["id": .string(root)])]))

            let last = try await threads.get("/v1.0/\(third)", [("fields", "is_reply,root_post,replied_to,has_replies")], token: token)
            #expect(last.json == .object([
                "is_reply": .bool(true), "root_post": .object(["id": .string(root)]), "replied_to": .object(["id": .string(second)]),
                "has_replies": .bool(false),
            ]))
            let replies = try await threads.get("/v1.0/\(root)/replies", [("fields", "id,text")], token: token)
            #expect(replies.json?["data"] == .array([.object(["id": .string(second), "text": .string("Miles 1-13: steady")])]))
        }
    }

    @Test func aReplyTo_aContainerID_orSomeoneElsesThread_isRefused_unlessTheAppMayReplyAnywhere() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint("runner")
            let (rival, _) = try await threads.mint("rival")
            let container = try await threads.textContainer(token, "Draft")
            let toContainer = try await threads.createContainer(token, [("media_type", "TEXT"), ("text", "Reply"), ("reply_to_id", container)])
            #expect(toContainer.json?["error"]?["code"] == .integer(100))
            #expect(await threads.recorder.rejected().last?.reasonCode == "invalid_reply_target")

            let theirs = try await threads.publishText(rival, "Rival's long run")
            let toTheirs = try await threads.createContainer(token, [("media_type", "TEXT"), ("text", "Nice"), ("reply_to_id", theirs)])
            #expect(toTheirs.json?["error"]?["code"] == .integer(100))

            let scopes = ThreadsOAuth.publishingScopes + ["threads_manage_mentions"]
            let (mentions, _) = try await threads.mint("runner", scopes: scopes)
            let reply = try await threads.publishText(mentions, "Nice run!", replyTo: theirs)
            let last = await threads.posts().last
            #expect(last?.remoteID == reply && last?.replyTo == theirs)
        }
    }
}
