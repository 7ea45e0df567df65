import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// X's replies (`reply.in_reply_to_tweet_id`), the parts of a thread, over the wire.
@Suite struct XRepliesServerTests {
    func user(_ sandbox: SandboxHarness, _ name: String = "runner") async throws -> (token: String, id: String) {
        let token = try await sandbox.xBearer(name)
        let id = try #require(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(token)]).json?["data"]?["id"]?.stringValue)
        return (token, id)
    }

    func post(_ sandbox: SandboxHarness, _ token: String, _ text: String, replyTo: String? = nil) async throws -> HTTPResponse {
        let reply = replyTo.map { #","reply":{"in_reply_to_tweet_id":"\#($0)"}"# } ?? ""
        return try await sandbox.post(sandbox.x + "/2/tweets", json: #"{"text":"\#(text)"\#(reply)}"#, headers: [.bearer(token)])
    }

    func id(_ response: HTTPResponse) throws -> String {
        try #require(response.json?["data"]?["id"]?.stringValue)
    }

    func timeline(_ sandbox: SandboxHarness, _ user: (token: String, id: String), fields: String?) async throws -> [JSONValue] {
        let query = fields.map { "?tweet.fields=\($0)" } ?? ""
        guard case .array(let posts)? = try await sandbox.get(sandbox.x + "/2/users/\(user.id)/tweets" + query, headers: [.bearer(user.token)]).json?["data"] else {
            return []
        }
        return posts
    }

    @Test func aChainOfReplies_isRecordedInOrder_withEachPartsParentInReplyTo() async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try await user(sandbox)
            let first = try id(try await post(sandbox, runner.token, "Race report 1/3"))
            let second = try id(try await post(sandbox, runner.token, "Race report 2/3", replyTo: first))
            let third = try await post(sandbox, runner.token, "Race report 3/3", replyTo: second)
            #expect(third.status == 201)

            let records = try await sandbox.receivedRecords()
            #expect(records.map { $0["text"]?.stringValue } == ["Race report 1/3", "Race report 2/3", "Race report 3/3"])
            #expect(records.map { $0["reply_to"]?.stringValue } == [nil, first, second])
            #expect(records[2]["body"]?["reply"]?["in_reply_to_tweet_id"]?.stringValue == second)
        }
    }

    @Test func theTimeline_givesReferencedTweetsConversationAndRepliedToUser_onlyWhenAsked() async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try await user(sandbox)
            let friend = try await user(sandbox, "friend")
            let root = try id(try await post(sandbox, runner.token, "Who is in for Sunday?"))
            let answer = try id(try await post(sandbox, friend.token, "Me!", replyTo: root))
            let thanks = try id(try await post(sandbox, runner.token, "Great, 8 am", replyTo: answer))

            let plain = try await timeline(sandbox, runner, fields: nil)
            #expect(plain.map { $0["id"]?.stringValue } == [thanks, root])
            #expect(plain.allSatisfy { $0["referenced_tweets"] == nil && $0["conversation_id"] == nil && $0["in_reply_to_user_id"] == nil })

            let asked = try await timeline(sandbox, runner, fields: "referenced_tweets,conversation_id,in_reply_to_user_id")
            #expect(asked[0]["referenced_tweets"] == .array([.object(["type": .string("replied_to"), "id": .string(answer)])]))
            #expect(asked[0]["conversation_id"]?.stringValue == root, "a reply's conversation is its thread's root")
            #expect(asked[0]["in_reply_to_user_id"]?.stringValue == friend.id)
            #expect(asked[1]["referenced_tweets"] == nil, "a post of its own references nothing")
            #expect(asked[1]["conversation_id"]?.stringValue == root)
            #expect(asked[1]["in_reply_to_user_id"] == nil)
        }
    }

    @Test func aReplyToAPostThatDoesNotExist_isRefused403_withXsWords_andNothingIsPosted() async throws {
        try await SandboxHarness.run { sandbox in
            let runner = try await user(sandbox)
            let refused = try await post(sandbox, runner.token, "Into the void", replyTo: "1999999999999999999")
            #expect(refused.status == 403)
            #expect(refused.json?["detail"]?.stringValue == "You attempted to reply to a Tweet that is deleted or not visible to you.")
            #expect(try await sandbox.receivedRecords().isEmpty)
            let rejected = try await sandbox.get(sandbox.x + "/_sandbox/rejected").json
            #expect(rejected?[0]?["reason_code"]?.stringValue == "reply_target_unavailable")
            // Once the post exists the same words go through: the refusal was about the target, not the text.
            let root = try id(try await post(sandbox, runner.token, "Out of the void"))
            #expect(try await post(sandbox, runner.token, "Into the void", replyTo: root).status == 201)
        }
    }

    @Test(arguments: [#"{"text":"x","reply":"123"}"#, #"{"text":"x","reply":{}}"#, #"{"text":"x","reply":{"in_reply_to_tweet_id":123}}"#,
                      #"{"text":"x","reply":{"in_reply_to_tweet_id":"12a"}}"#, #"{"text":"x","reply":{"in_reply_to_tweet_id":"12345678901234567890"}}"#])
    func aMalformedReply_isRefused400(body: String) throws {
        guard case .failure(let problem) = TweetValidator.validate(try? JSONDecoder().decode(JSONValue.self, from: Data(body.utf8))) else {
            Issue.record("\(body) was accepted")
            return
        }
        #expect(problem.status == 400)
        #expect(problem.reasonCode == "invalid_reply")
    }

    @Test func aReply_isAPost_forTheRateLimitAndTheDuplicateRule() async throws {
        let timeline = XTimeline(rateLimiter: .init(limit: 3, window: 900))
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        guard case .created(let root) = await timeline.createTweet(userID: "1", body: .object(["text": .string("Splits")]), now: now).0 else {
            Issue.record("the root was refused")
            return
        }
        let reply: JSONValue = .object(["text": .string("Splits"), "reply": .object(["in_reply_to_tweet_id": .string(root.id)])])
        guard case .refused(let duplicate) = await timeline.createTweet(userID: "1", body: reply, now: now).0 else {
            Issue.record("a reply repeating the post's words was accepted")
            return
        }
        #expect(duplicate.reasonCode == "duplicate_content")
        let other: JSONValue = .object(["text": .string("Negative splits"), "reply": .object(["in_reply_to_tweet_id": .string(root.id)])])
        let (_, spent) = await timeline.createTweet(userID: "1", body: other, now: now)
        #expect(spent.remaining == 0)
        guard case .refused(let limited) = await timeline.createTweet(userID: "1", body: other, now: now).0 else {
            Issue.record("a reply past the rate limit was accepted")
            return
        }
        #expect(limited.reasonCode == "rate_limited")
    }
}
