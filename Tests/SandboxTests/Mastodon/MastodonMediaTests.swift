import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Media: 202 while processing, 206 then 200 on polling, the checks on the file, and attaching it to a status.
@Suite struct MastodonMediaTests {
    @Test func anUpload_is202Then206Then200_andAStatusMayAttachItOnlyWhenProcessed() async throws {
        try await MastodonHarness.run(options: .init(mediaProcessing: 2)) { mastodon in
            let (token, _) = try await mastodon.token()
            let uploaded = try await mastodon.upload(TestImages.jpeg(width: 1200, height: 675), description: "A runner", focus: "0.5,-0.25", token: token)
            #expect(uploaded.status == 202)
            #expect(uploaded.json?["url"] == .null)
            #expect(uploaded.json?["type"]?.stringValue == "image")
            #expect(uploaded.json?["description"]?.stringValue == "A runner")
            #expect(uploaded.json?["meta"]?["focus"] == .object(["x": .double(0.5), "y": .double(-0.25)]))
            let id = try #require(uploaded.json?["id"]?.stringValue)
            #expect(try await mastodon.get("/api/v1/media/\(id)", token: token).status == 206)
            let early = try await mastodon.postStatus(["status": .string("Run"), "media_ids": .array([.string(id)])], token: token)
            #expect(early.status == 422)
            #expect(early.json == .object(["error": .string("Cannot attach files that have not finished processing. Try again in a moment!")]))

            mastodon.clock.advance(by: 2)
            let ready = try await mastodon.get("/api/v1/media/\(id)", token: token)
            #expect(ready.status == 200)
            #expect(ready.json?["url"]?.stringValue?.hasPrefix("https://small.example/") == true)
            let posted = try await mastodon.post("/api/v1/statuses", form: [("status", "Run"), ("media_ids[]", id)], token: token)
            #expect(posted.status == 200)
            #expect(posted.json?["media_attachments"]?[0]?["id"]?.stringValue == id)
            #expect(try await mastodon.get("/api/v1/media/\(id)", token: token).status == 404)
            let record = await mastodon.recorder.received().last
            #expect(record?.media == [id])
            #expect(record?.images?.first?.altText == "A runner")
        }
    }

    @Test func anUpload_mustBeASupportedImageOfTheDeclaredTypeAndWithinTheLimits() async throws {
        let tight = MastodonInstanceSettings(domain: "small.example", imageSizeLimit: 2_000, descriptionLimit: 10)
        try await MastodonHarness.run(instances: [tight]) { mastodon in
            let (token, _) = try await mastodon.token()
            let text = try await mastodon.upload(Array("not an image".utf8), contentType: "image/jpeg", token: token)
            #expect(text.json == .object(["error": .string("Validation failed: File content type is invalid, File is invalid")]))
            #expect(try await mastodon.upload(TestImages.mp4(), contentType: "video/mp4", token: token).status == 422)
            #expect(try await mastodon.upload(TestImages.png(width: 10, height: 10), contentType: "image/jpeg", token: token).status == 422)
            let big = try await mastodon.upload(TestImages.jpeg(width: 10, height: 10, padding: 2_000), token: token)
            #expect(big.json == .object(["error": .string("Validation failed: File file size must be less than 2000 Bytes")]))
            let long = try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), description: "eleven char", token: token)
            #expect(long.status == 422)
            #expect(try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), focus: "2,0", token: token).status == 422)
            let gif = try await mastodon.upload(TestImages.gif(width: 10, height: 10), contentType: "image/gif", token: token)
            #expect(gif.status == 200)
            #expect(gif.json?["type"]?.stringValue == "gifv")
        }
    }

    @Test func aStatus_mayAttachAtMostFourOfItsOwnMedia() async throws {
        try await MastodonHarness.run { mastodon in
            let (alice, _) = try await mastodon.token("alice")
            let (bob, _) = try await mastodon.token("bob")
            var ids: [JSONValue] = []
            for _ in 0..<5 {
                ids.append(try #require(try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), token: alice).json?["id"]))
            }
            let five = try await mastodon.postStatus(["status": .string("Five"), "media_ids": .array(ids)], token: alice)
            #expect(five.json == .object(["error": .string("Cannot attach more than 4 files")]))
            let stolen = try await mastodon.postStatus(["status": .string("Mine"), "media_ids": .array([ids[0]])], token: bob)
            #expect(stolen.status == 422)
            let scalar = try await mastodon.post("/api/v1/statuses", form: [("status", "One"), ("media_ids", ids[0].stringValue ?? "")], token: alice)
            #expect(scalar.status == 422)
            let onlyMedia = try await mastodon.postStatus(["status": .string(""), "media_ids": .array(Array(ids.prefix(4)))], token: alice)
            #expect(onlyMedia.status == 200)
            #expect(onlyMedia.json?["media_attachments"]?[3] != nil)
        }
    }
}
