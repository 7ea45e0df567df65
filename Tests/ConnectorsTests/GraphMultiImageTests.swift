import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing
@testable import Connectors
@testable import Sandbox

/// Several images in one post, against the real sandbox: a Facebook post with attached photos, an Instagram carousel.
@Suite struct GraphMultiImageTests {
    @Test func facebook_threePhotos_goUpUnpublished_thenIntoOneFeedPost_recordedWithTheirAltTexts_andFoundAfterwards() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "album")
            let connector = FacebookConnector(app: sandbox.facebookApp, transport: sandbox.client)
            let items = try await GraphPictures.make(3, alt: { ["Start line", "Halfway", "Finish"][$0] })
            defer { GraphPictures.remove(items) }
            let request = PublishRequest(text: "Race recap", media: items, accountRemoteID: page.id)
            #expect(connector.validate(request).isEmpty)
            let since = sandbox.clock.now
            let published = try await connector.publish(request, credentials: page.credentials)

            let records = try await sandbox.received()
            #expect(records.map { $0["kind"]?.stringValue } == ["media", "media", "media", "post"])
            #expect(records.prefix(3).allSatisfy { $0["body"]?["published"]?.stringValue == "false" && $0["body"]?["temporary"]?.stringValue == "true" })
            let post = try #require(records.last)
            #expect(post["remote_id"]?.stringValue == published.remoteID)
            #expect(post["path"]?.stringValue?.hasSuffix("/\(page.id)/feed") == true)
            #expect(post["text"]?.stringValue == "Race recap")
            #expect((0..<3).map { post["images"]?[$0]?["alt_text"]?.stringValue } == ["Start line", "Halfway", "Finish"])
            #expect(post["media"] == .array(records.prefix(3).compactMap { $0["remote_id"] }))
            #expect(try await connector.findPublished(request, since: since, credentials: page.credentials)?.remoteID == published.remoteID)
        }
    }

    @Test func facebook_preview_showsEachUploadAndTheFeedPostThatAttachesThem() throws {
        let item = { (name: String, alt: String?) in
            MediaItem(path: "/state/media/\(name).jpg", kind: .image, contentType: "image/jpeg", size: 60, sha256: name, width: 1080, height: 1350, alt: alt)
        }
        let request = PublishRequest(text: "Race recap", media: [item("a", "Start"), item("b", nil)], accountRemoteID: "105")
        let preview = FacebookConnector(app: FacebookApp(appID: "a", appSecret: "s"), transport: CurlHTTPClient()).preview(request)
        #expect(preview["endpoint"]?.stringValue == "POST /\(GraphVersions.current)/105/feed")
        #expect(preview["message"]?.stringValue == "Race recap")
        #expect(preview["uploads"]?[0]?["published"]?.stringValue == "false")
        #expect(preview["uploads"]?[0]?["temporary"]?.stringValue == "true")
        #expect(preview["uploads"]?[0]?["alt_text_custom"]?.stringValue == "Start")
        #expect(preview["uploads"]?[1]?["alt_text_custom"] == nil)
        #expect(preview["uploads"]?[1]?["caption"] == nil, "the text goes on the post, not on the photos")
        #expect(preview["attached_media"]?[1]?["media_fbid"]?.stringValue == "(the id of upload 2)")
    }

    @Test func facebook_aTemporaryPhotoLeftUnattachedPastItsLifetime_cannotBeAttached() async throws {
        var configuration = ListingSandbox.configuration
        configuration.temporaryPhotoLifetime = .seconds(60)
        try await ListingSandbox.with(configuration: configuration) { sandbox in
            let page = try await sandbox.facebookPage(username: "late")
            let connector = FacebookConnector(app: sandbox.facebookApp, transport: sandbox.client)
            let items = try await GraphPictures.make(1, alt: { _ in "Left behind" })
            defer { GraphPictures.remove(items) }
            let photo = try await connector.uploadUnpublished(items[0], page: page.id, token: page.credentials.token)
            sandbox.clock.advance(by: 60)
            let fields = [("message", "Too late")] + FacebookConnector.attachedMedia([photo]) + [("access_token", page.credentials.token)]
            let response = try await sandbox.client.send(HTTPRequest(method: "POST", url: sandbox.graph + "/v19.0/\(page.id)/feed",
                                                                     headers: [FacebookConnector.form], body: FormBody.encode(fields)))
            #expect(response.status == 400)
            let error = GraphErrorMapping.error(for: response, network: "Facebook")
            #expect(error.code == .permanent)
            #expect(error.message.contains("media_fbid \(photo)"))
            #expect(try await sandbox.received().filter { $0["kind"]?.stringValue == "post" }.isEmpty)
        }
    }

    @Test func instagram_aCarouselStepThatFailsForAMoment_isTriedAgainWithinTheAttempt_andTheCarouselPublishesOnce() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "flaky")
            let shelf = sandbox.graph + "/_sandbox/files"
            let connector = InstagramConnector(app: sandbox.facebookApp, mediaBaseURL: shelf, transport: sandbox.client, pollInterval: .milliseconds(10))
            let items = try await GraphPictures.make(3, alt: { "Lap \($0 + 1)" }, shelf: shelf, client: sandbox.client)
            defer { GraphPictures.remove(items) }
            // The second container request answers 500: nothing was made, and the step is tried again.
            let plan = #"{"rate": 1, "kinds": ["server_error"], "only": {"request": "POST /media", "skip": 1, "count": 1}}"#
            let set = try await sandbox.client.send(HTTPRequest(method: "PUT", url: sandbox.graph + "/_sandbox/faults",
                                                                 headers: [HTTPHeader("Content-Type", "application/json")], body: Array(plan.utf8)))
            #expect(set.status == 200)

            let published = try await connector.publish(PublishRequest(text: "Three laps", media: items, accountRemoteID: page.instagramID),
                                                        credentials: page.credentials)

            let records = try await sandbox.received()
            #expect(records.filter { $0["kind"]?.stringValue == "post" }.map { $0["remote_id"]?.stringValue } == [published.remoteID])
            #expect(records.filter { $0["body"]?["is_carousel_item"]?.stringValue == "true" }.count == 3, "the failed item was made again, once")
        }
    }

    @Test func instagram_fiveImages_makeOneCarousel_recordedWithItsChildrenInOrderAndTheirAltTexts() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "carousel")
            let shelf = sandbox.graph + "/_sandbox/files"
            let connector = InstagramConnector(app: sandbox.facebookApp, mediaBaseURL: shelf, transport: sandbox.client, pollInterval: .milliseconds(10))
            let items = try await GraphPictures.make(5, alt: { "Lap \($0 + 1)" }, shelf: shelf, client: sandbox.client)
            defer { GraphPictures.remove(items) }
            let request = PublishRequest(text: "Five laps #track", media: items, accountRemoteID: page.instagramID)
            #expect(connector.validate(request).isEmpty)
            let since = sandbox.clock.now
            let published = try await connector.publish(request, credentials: page.credentials)

            let records = try await sandbox.received()
            #expect(records.map { $0["kind"]?.stringValue } == Array(repeating: "media", count: 6) + ["post"])
            let itemIDs = records.prefix(5).compactMap { $0["remote_id"] }
            #expect(records.prefix(5).allSatisfy { $0["body"]?["is_carousel_item"]?.stringValue == "true" && $0["body"]?["caption"] == nil })
            let carousel = records[5]
            #expect(carousel["body"]?["media_type"]?.stringValue == "CAROUSEL")
            #expect(carousel["media"] == .array(itemIDs))
            #expect(carousel["text"]?.stringValue == "Five laps #track")
            let post = try #require(records.last)
            #expect(post["remote_id"]?.stringValue == published.remoteID)
            #expect(post["media"] == .array([carousel["remote_id"]!]))
            #expect((0..<5).map { post["images"]?[$0]?["alt_text"]?.stringValue } == (1...5).map { "Lap \($0)" })
            #expect((0..<5).map { post["images"]?[$0]?["url"]?.stringValue } == items.map { shelf + "/" + $0.fileName })
            #expect(try await connector.findPublished(request, since: since, credentials: page.credentials)?.remoteID == published.remoteID)
        }
    }

    @Test func instagram_twelveImages_orAPNGAmongThem_areRefusedByValidation_namingTheRule() {
        let jpeg = MediaItem(path: "/m/a.jpg", kind: .image, contentType: "image/jpeg", size: 60, sha256: "a", width: 1080, height: 1080, alt: nil)
        let png = MediaItem(path: "/m/b.png", kind: .image, contentType: "image/png", size: 60, sha256: "b", width: 1080, height: 1080, alt: nil)
        let connector = InstagramConnector(app: FacebookApp(appID: "a", appSecret: "s"), mediaBaseURL: "https://m", transport: CurlHTTPClient())
        #expect(connector.validate(PublishRequest(text: "Twelve", media: Array(repeating: jpeg, count: 12))) == ["12 images, over Instagram's limit of 10 per post"])
        #expect(connector.validate(PublishRequest(text: "Mixed", media: [jpeg, png, jpeg])) == ["image/png is not a type Instagram takes (image/jpeg)"])
        #expect(connector.validate(PublishRequest(text: "Ten", media: Array(repeating: jpeg, count: 10))).isEmpty)
    }
}

extension JSONValue {
    /// The element at `index`, when this is an array that long.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
