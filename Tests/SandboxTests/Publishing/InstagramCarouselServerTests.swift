import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Instagram carousels: item containers, the `CAROUSEL` container that lists them, and what publishing it makes.
@Suite struct InstagramCarouselServerTests {
    @Test func aCarouselOfFinishedItems_publishesOnce_asACarouselAlbum_withItsChildrenInOrder_andIsRecordedWithTheirAltTexts() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let portrait = try await sandbox.hostFile("portrait.jpg", TestImages.jpeg(width: 1080, height: 1350))
            let wide = try await sandbox.hostFile("wide.jpg", TestImages.jpeg(width: 1910, height: 1000))
            let items = [try await sandbox.carouselItem(account, imageURL: portrait, alt: "Warm-up"),
                         try await sandbox.carouselItem(account, imageURL: wide, alt: "Back straight")]
            let created = try await sandbox.carousel(account, children: items, caption: "Track night #running")
            #expect(created.status == 200, "\(created.bodyText)")
            let carousel = try #require(created.json?["id"]?.stringValue)
            let published = try await sandbox.publishContainer(account, carousel)
            #expect(published.status == 200)
            let mediaID = try #require(published.json?["id"]?.stringValue)
            #expect(try await sandbox.publishContainer(account, carousel).json?["error"]?["code"] == .integer(9007), "a container publishes once")

            let node = try await sandbox.get(sandbox.facebook + "/v26.0/\(mediaID)?fields=id,media_type,caption,children", headers: [.bearer(account.pageToken)])
            #expect(node.json?["media_type"]?.stringValue == "CAROUSEL_ALBUM")
            #expect(node.json?["caption"]?.stringValue == "Track night #running")
            let children = try await sandbox.get(sandbox.facebook + "/v26.0/\(mediaID)/children?fields=id,media_type,media_url", headers: [.bearer(account.pageToken)])
            #expect(children.json?["data"]?[0]?["media_url"]?.stringValue == portrait)
            #expect(children.json?["data"]?[1]?["media_url"]?.stringValue == wide)
            #expect(children.json?["data"]?[1]?["id"] == node.json?["children"]?["data"]?[1]?["id"])
            let limit = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.instagramID)/content_publishing_limit", headers: [.bearer(account.pageToken)])
            #expect(limit.json?["data"]?[0]?["quota_usage"] == .integer(1), "a carousel is one post")

            let records = try await sandbox.receivedRecords()
            #expect(records.map { $0["kind"]?.stringValue } == ["media", "media", "media", "post"])
            #expect(records[2]["media"] == .array(items.map(JSONValue.string)))
            let post = try #require(records.last)
            #expect(post["media"] == .array([.string(carousel)]))
            #expect(post["images"]?[0]?["id"]?.stringValue == items[0])
            #expect(post["images"]?[0]?["alt_text"]?.stringValue == "Warm-up")
            #expect(post["images"]?[1]?["alt_text"]?.stringValue == "Back straight")
            #expect(post["images"]?[1]?["url"]?.stringValue == wide)
            #expect(post["images"]?[1]?["width"] == .integer(1910))
        }
    }

    @Test func carousels_refuseOneChild_elevenChildren_anUnfinishedItem_someoneElsesItem_aReusedItem_andAPlainImageContainer() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let square = try await sandbox.hostFile("square.jpg", TestImages.jpeg(width: 1080, height: 1080))
            var items: [String] = []
            for _ in 0..<11 { items.append(try await sandbox.carouselItem(account, imageURL: square)) }
            #expect(try await sandbox.carousel(account, children: [items[0]]).json?["error"]?["code"] == .integer(100))
            #expect(try await sandbox.carousel(account, children: items).json?["error"]?["code"] == .integer(100))

            let unfinished = try await sandbox.carouselItem(account, imageURL: square, finished: false)
            #expect(try await sandbox.carousel(account, children: [items[0], unfinished]).json?["error"]?["code"] == .integer(9007))
            let other = try await sandbox.graphAccount("walker")
            let theirs = try await sandbox.carouselItem(other, imageURL: square)
            #expect(try await sandbox.carousel(account, children: [items[0], theirs]).json?["error"]?["code"] == .integer(24))
            let plain = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [("image_url", square), ("access_token", account.pageToken)])
            let image = try #require(plain.json?["id"]?.stringValue)
            for _ in 0..<2 { _ = try await sandbox.get(sandbox.facebook + "/v26.0/\(image)?fields=status_code", headers: [.bearer(account.pageToken)]) }
            #expect(try await sandbox.carousel(account, children: [items[0], image]).json?["error"]?["code"] == .integer(100))
            #expect(try await sandbox.carousel(account, children: [items[0], items[0]]).json?["error"]?["code"] == .integer(100))

            #expect(try await sandbox.carousel(account, children: Array(items[0..<10])).status == 200, "ten is the most")
            let reused = try await sandbox.carousel(account, children: [items[0], items[10]])
            #expect(reused.json?["error"]?["code"] == .integer(100), "an item goes into one carousel")
        }
    }

    @Test func aCarouselItem_takesNoCaption_isNotPublishedAlone_andExpiresUnused() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let square = try await sandbox.hostFile("square.jpg", TestImages.jpeg(width: 1080, height: 1080))
            let captioned = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [
                ("image_url", square), ("is_carousel_item", "true"), ("caption", "Mine"), ("access_token", account.pageToken),
            ])
            #expect(captioned.json?["error"]?["code"] == .integer(100))
            let png = try await sandbox.hostFile("a.png", TestImages.png(width: 100, height: 100), contentType: "image/png")
            let refusedPNG = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [
                ("image_url", png), ("is_carousel_item", "true"), ("access_token", account.pageToken),
            ])
            #expect(refusedPNG.json?["error"]?["code"] == .integer(36001), "each item is checked as an image is")

            let item = try await sandbox.carouselItem(account, imageURL: square)
            let alone = try await sandbox.publishContainer(account, item)
            #expect(alone.status == 400)
            #expect(alone.json?["error"]?["code"] == .integer(100))
            let late = try await sandbox.carouselItem(account, imageURL: square)
            sandbox.clock.advance(by: 86_400)
            #expect(try await sandbox.carousel(account, children: [item, late]).json?["error"]?["error_subcode"] == .integer(2207020))
            #expect(try await sandbox.receivedRecords().filter { $0["kind"]?.stringValue == "post" }.isEmpty)
        }
    }
}
