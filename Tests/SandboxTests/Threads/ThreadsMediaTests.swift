import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Image containers fetched by URL from the harness's own `/_sandbox/files`, media that ends in `ERROR`, and carousels.
@Suite struct ThreadsMediaTests {
    func image(_ threads: ThreadsHarness, _ token: String, url: String, item: Bool = false, alt: String? = nil) async throws -> HTTPResponse {
        var fields = [("media_type", "IMAGE"), ("image_url", url)]
        if item { fields.append(("is_carousel_item", "true")) }
        if let alt { fields.append(("alt_text", alt)) }
        return try await threads.createContainer(token, fields)
    }

    @Test func anImageContainer_fetchesItsURL_finishes_andPublishesWithTheImage() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let bytes = TestImages.jpeg(width: 1080, height: 1350)
            let url = try await threads.hostFile("portrait.jpg", bytes)
            let created = try await threads.createContainer(token, [("media_type", "IMAGE"), ("image_url", url), ("text", "Finish line"), ("alt_text", "A runner")])
            let container = try #require(created.json?["id"]?.stringValue)
            #expect(try await threads.status(token, container) == "IN_PROGRESS")
            threads.clock.advance(by: 5)
            #expect(try await threads.status(token, container) == "FINISHED")
            let mediaID = try #require(try await threads.publish(token, container).json?["id"]?.stringValue)
            let media = try await threads.get("/v1.0/\(mediaID)", [("fields", "media_type,media_url,alt_text,text")], token: token)
            #expect(media.json == .object(["media_type": .string("IMAGE"), "media_url": .string(url), "alt_text": .string("A runner"),
                                           "text": .string("Finish line")]))
            let records = await threads.recorder.received()
            #expect(records.map(\.kind) == ["media", "post"])
            #expect(records[0].fetched?["sha256"]?.stringValue == UploadedFile(contentType: nil, bytes: bytes).sha256)
            #expect(records[1].images?.first?.altText == "A runner" && records[1].images?.first?.width == 1080)
        }
    }

    @Test func anUnreachableURL_aGIF_andA12To1Image_endInERROR_andAreNotPublished() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let cases = [
                (threads.base + "/_sandbox/files/missing.jpg", "FAILED_DOWNLOADING_IMAGE"),
                (try await threads.hostFile("anim.gif", TestImages.gif(width: 600, height: 600), contentType: "image/gif"), "FAILED_PROCESSING_IMAGE"),
                (try await threads.hostFile("banner.jpg", TestImages.jpeg(width: 1200, height: 100)), "INVALID_ASPEC_RATIO"),
            ]
            var containers: [String] = []
            for (url, _) in cases {
                containers.append(try #require(try await image(threads, token, url: url).json?["id"]?.stringValue))
            }
            #expect(try await threads.status(token, containers[0]) == "IN_PROGRESS")
            threads.clock.advance(by: 5)
            for (container, (_, message)) in zip(containers, cases) {
                let read = try await threads.get("/v1.0/\(container)", [("fields", "status,error_message")], token: token)
                #expect(read.json == .object(["status": .string("ERROR"), "error_message": .string(message)]))
            }
            #expect(try await threads.publish(token, containers[0]).json?["error"]?["code"] == .integer(24))
            #expect(await threads.recorder.rejected().last?.reasonCode == "container_failed")
            #expect(await threads.posts().isEmpty)
        }
    }

    @Test func aCarousel_takes2To20FinishedItems_ofItsOwn_andCountsAsOnePost() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let url = try await threads.hostFile("square.jpg", TestImages.jpeg(width: 1080, height: 1080))
            var items: [String] = []
            for _ in 0..<21 { items.append(try #require(try await image(threads, token, url: url, item: true).json?["id"]?.stringValue)) }
            func carousel(_ children: [String]) async throws -> HTTPResponse {
                try await threads.createContainer(token, [("media_type", "CAROUSEL"), ("children", children.joined(separator: ",")), ("text", "Race photos")])
            }
            let early = try await carousel(Array(items.prefix(2)))
            #expect(early.json?["error"]?["message"]?.stringValue?.contains("IN_PROGRESS") == true)
            threads.clock.advance(by: 5)
            #expect(try await carousel([items[0]]).json?["error"]?["code"] == .integer(100))
            #expect(try await carousel(items).json?["error"]?["code"] == .integer(100))
            #expect(try await carousel([items[0], items[0]]).json?["error"]?["code"] == .integer(100))
            let alone = try await threads.publish(token, items[20])
            #expect(alone.status == 400)
            #expect(await threads.recorder.rejected().last?.reasonCode == "carousel_item_alone")

            let made = try await carousel(Array(items.prefix(20)))
            let parent = try #require(made.json?["id"]?.stringValue)
            #expect(try await carousel([items[0], items[20]]).json?["error"]?["message"]?.stringValue?.contains("already in carousel") == true)
            #expect(try await threads.status(token, parent) == "IN_PROGRESS")
            threads.clock.advance(by: 5)
            let mediaID = try #require(try await threads.publish(token, parent).json?["id"]?.stringValue)
            let media = try await threads.get("/v1.0/\(mediaID)", [("fields", "media_type,children")], token: token)
            #expect(media.json?["media_type"]?.stringValue == "CAROUSEL_ALBUM")
            #expect(media.json?["children"]?["data"]?[19] != nil && media.json?["children"]?["data"]?[20] == nil)
            let quota = try await threads.get("/v1.0/me/threads_publishing_limit", [("fields", "quota_usage")], token: token)
            #expect(quota.json?["data"]?[0]?["quota_usage"] == .integer(1))
            #expect(await threads.posts().first?.images?.count == 20)
        }
    }

    @Test func aVideoContainer_takesAnMP4_andEndsInERRORForAnythingElse() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let mp4 = try await threads.hostFile("run.mp4", TestImages.mp4(), contentType: "video/mp4")
            let jpeg = try await threads.hostFile("still.jpg", TestImages.jpeg(width: 1080, height: 1080))
            let video = try #require(try await threads.createContainer(token, [("media_type", "VIDEO"), ("video_url", mp4)]).json?["id"]?.stringValue)
            let still = try #require(try await threads.createContainer(token, [("media_type", "VIDEO"), ("video_url", jpeg)]).json?["id"]?.stringValue)
            threads.clock.advance(by: 5)
            #expect(try await threads.status(token, video) == "FINISHED")
            let failed = try await threads.get("/v1.0/\(still)", [("fields", "status,error_message")], token: token)
            #expect(failed.json?["error_message"]?.stringValue == "FAILED_PROCESSING_VIDEO")
            let mediaID = try #require(try await threads.publish(token, video).json?["id"]?.stringValue)
            #expect(try await threads.get("/v1.0/\(mediaID)", [("fields", "media_type")], token: token).json?["media_type"]?.stringValue == "VIDEO")
        }
    }

    @Test func aCarouselItem_takesNoText_andAnImageNeedsItsURL() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let url = try await threads.hostFile("square.jpg", TestImages.jpeg(width: 1080, height: 1080))
            let texted = try await threads.createContainer(token, [("media_type", "IMAGE"), ("image_url", url), ("is_carousel_item", "true"), ("text", "x")])
            #expect(texted.json?["error"]?["code"] == .integer(100))
            #expect(try await threads.createContainer(token, [("media_type", "IMAGE")]).json?["error"]?["code"] == .integer(100))
            let tooLong = try await image(threads, token, url: url, alt: String(repeating: "a", count: 1_001))
            #expect(tooLong.json?["error"]?["code"] == .integer(100))
        }
    }
}
