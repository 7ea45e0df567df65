import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The instance document, the character limit per instance, and what a status carries.
@Suite struct MastodonStatusTests {
    @Test func theInstanceDocument_publishesItsOwnLimits() async throws {
        try await MastodonHarness.run(instances: [MastodonHarness.small, MastodonHarness.large]) { mastodon in
            for (domain, limit) in [("small.example", 500), ("large.example", 1_000)] {
                let document = try await mastodon.on(domain).get("/api/v2/instance")
                #expect(document.status == 200)
                #expect(document.json?["domain"]?.stringValue == domain)
                let statuses = document.json?["configuration"]?["statuses"]
                #expect(statuses == .object([
                    "max_characters": .integer(Int64(limit)), "max_media_attachments": .integer(4), "characters_reserved_per_url": .integer(23),
                ]))
                let media = document.json?["configuration"]?["media_attachments"]
                #expect(media?["image_size_limit"] == .integer(16_777_216))
                #expect(media?["description_limit"] == .integer(1_500))
                #expect(media?["supported_mime_types"] == .array(["image/jpeg", "image/png", "image/gif", "image/webp"].map(JSONValue.string)))
            }
        }
    }

    @Test func aStatusOf600Characters_passesOnA1000Instance_andIsRefusedOnA500One() async throws {
        try await MastodonHarness.run(instances: [MastodonHarness.small, MastodonHarness.large]) { mastodon in
            let text = String(repeating: "a", count: 600)
            let large = mastodon.on("large.example")
            let accepted = try await large.status(text, token: try await large.token().token)
            #expect(accepted.status == 200)
            let small = mastodon.on("small.example")
            let refused = try await small.status(text, token: try await small.token().token)
            #expect(refused.status == 422)
            #expect(refused.json == .object(["error": .string("Validation failed: Text character limit of 500 exceeded")]))
            #expect(try await small.status(String(repeating: "a", count: 500), token: try await small.token().token).status == 200)
            let received = await mastodon.recorder.received().filter { $0.kind == "post" }
            #expect(received.map { $0.body["_instance"]?.stringValue } == ["large.example", "small.example"])
            #expect(received.allSatisfy { $0.network == "mastodon" })
        }
    }

    @Test func aLinkCountsAs23_andARemoteMentionAsItsUsername() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, _) = try await mastodon.token()
            let link = " https://example.com/" + String(repeating: "p", count: 80)
            #expect(try await mastodon.status(String(repeating: "a", count: 476) + link, token: token).status == 200)
            #expect(try await mastodon.status(String(repeating: "b", count: 477) + link, token: token).status == 422)
            let mention = "@bob@a.very.long.domain.example.social "
            #expect(try await mastodon.status(mention + String(repeating: "c", count: 495), token: token).status == 200)
            #expect(try await mastodon.status(mention + String(repeating: "d", count: 496), token: token).status == 422)
            let warned = try await mastodon.postStatus(["status": .string(String(repeating: "e", count: 490)), "spoiler_text": .string("Eleven char")], token: token)
            #expect(warned.status == 422)
        }
    }

    @Test func aStatus_carriesVisibilityWarningAndLanguage_andAnswersAsTheEntity() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, accountID) = try await mastodon.token()
            let posted = try await mastodon.postStatus([
                "status": .string("Long run <today> & https://example.com/run"), "visibility": .string("unlisted"),
                "spoiler_text": .string("Running"), "language": .string("en"),
            ], token: token)
            #expect(posted.status == 200)
            let status = try #require(posted.json)
            let id = try #require(status["id"]?.stringValue)
            #expect(id.count >= 17 && Int64(id) != nil)
            #expect(status["visibility"]?.stringValue == "unlisted")
            #expect(status["spoiler_text"]?.stringValue == "Running")
            #expect(status["sensitive"] == .bool(true))
            #expect(status["language"]?.stringValue == "en")
            #expect(status["uri"]?.stringValue == "https://small.example/users/alice/statuses/\(id)")
            #expect(status["url"]?.stringValue == "https://small.example/@alice/\(id)")
            #expect(status["account"]?["id"]?.stringValue == accountID)
            #expect(status["in_reply_to_id"] == .null)
            #expect(status["content"]?.stringValue?.hasPrefix("<p>Long run &lt;today&gt; &amp; <a href=\"https://example.com/run\"") == true)
            #expect(status["created_at"]?.stringValue?.hasSuffix("Z") == true)
            let bad = try await mastodon.postStatus(["status": .string("x"), "visibility": .string("everyone")], token: token)
            #expect(bad.status == 422)
            let blank = try await mastodon.postStatus(["status": .string("  ")], token: token)
            #expect(blank.json == .object(["error": .string("Validation failed: Text can't be blank")]))
        }
    }

    @Test func aReply_namesItsParent_andAMissingParentIs404() async throws {
        try await MastodonHarness.run { mastodon in
            let (alice, aliceID) = try await mastodon.token("alice")
            let (bob, _) = try await mastodon.token("bob")
            let parent = try #require(try await mastodon.status("First", token: alice).json?["id"]?.stringValue)
            let reply = try await mastodon.postStatus(["status": .string("Second"), "in_reply_to_id": .string(parent)], token: bob)
            #expect(reply.status == 200)
            #expect(reply.json?["in_reply_to_id"]?.stringValue == parent)
            #expect(reply.json?["in_reply_to_account_id"]?.stringValue == aliceID)
            #expect(await mastodon.recorder.received().last?.replyTo == parent)
            let missing = try await mastodon.postStatus(["status": .string("Third"), "in_reply_to_id": .string("1")], token: bob)
            #expect(missing.status == 404)
            let secret = try #require(try await mastodon.postStatus(["status": .string("Psst"), "visibility": .string("private")], token: alice).json?["id"]?.stringValue)
            #expect(try await mastodon.postStatus(["status": .string("Hi"), "in_reply_to_id": .string(secret)], token: bob).status == 404)
            #expect(try await mastodon.postStatus(["status": .string("Me"), "in_reply_to_id": .string(secret)], token: alice).status == 200)
        }
    }
}
