import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// A Page post with several photos: each uploaded unpublished, then attached to one feed post.
@Suite struct FacebookMultiPhotoServerTests {
    @Test func unpublishedPhotos_stayOutOfTheFeed_untilOnePostAttachesThem_whichShowsThemInOrderWithTheirAltTexts() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            var photos: [String] = []
            for alt in ["Start line", "Halfway", "Finish"] { photos.append(try await sandbox.unpublishedPhoto(account, alt: alt)) }
            let feedURL = sandbox.facebook + "/v26.0/\(account.pageID)/feed?fields=id,message,attachments"
            #expect(try await sandbox.get(feedURL, headers: [.bearer(account.pageToken)]).json?["data"] == .array([]))

            let posted = try await sandbox.feedPost(account, message: "Race recap", photos: photos)
            #expect(posted.status == 200)
            let postID = try #require(posted.json?["id"]?.stringValue)
            let feed = try await sandbox.get(feedURL, headers: [.bearer(account.pageToken)])
            let listed = try #require(feed.json?["data"]?[0])
            #expect(listed["id"]?.stringValue == postID)
            let shown = listed["attachments"]?["data"]?[0]?["subattachments"]?["data"]
            #expect((0..<3).map { shown?[$0]?["target"]?["id"]?.stringValue } == photos)
            #expect((0..<3).map { shown?[$0]?["description"]?.stringValue } == ["Start line", "Halfway", "Finish"])
            let photo = try await sandbox.get(sandbox.facebook + "/v26.0/\(photos[1])?fields=id,alt_text_custom,page_story_id", headers: [.bearer(account.pageToken)])
            #expect(photo.json?["page_story_id"]?.stringValue == postID)
            #expect(photo.json?["alt_text_custom"]?.stringValue == "Halfway")

            let records = try await sandbox.receivedRecords()
            #expect(records.map { $0["kind"]?.stringValue } == ["media", "media", "media", "post"])
            let record = try #require(records.last)
            #expect(record["media"] == .array(photos.map(JSONValue.string)))
            #expect(record["images"]?[0]?["alt_text"]?.stringValue == "Start line")
            #expect(record["images"]?[2]?["alt_text"]?.stringValue == "Finish")
            #expect(record["images"]?[2]?["id"]?.stringValue == photos[2])
            #expect(record["images"]?[0]?["sha256"]?.stringValue == UploadedFile(contentType: nil, bytes: TestImages.jpeg(width: 1200, height: 900)).sha256)
        }
    }

    @Test func attaching_refusesAnUnknownPhoto_anotherPagesPhoto_aPhotoAlreadyInAPost_theSamePhotoTwice_andAnExpiredTemporaryOne() async throws {
        try await SandboxHarness.run(configuration: .init(temporaryPhotoLifetime: .seconds(600))) { sandbox in
            let account = try await sandbox.graphAccount()
            let other = try await sandbox.graphAccount("walker")
            let theirs = try await sandbox.unpublishedPhoto(other, alt: nil)
            let used = try await sandbox.unpublishedPhoto(account, alt: nil)
            #expect(try await sandbox.feedPost(account, message: "First", photos: [used]).status == 200)
            let mine = try await sandbox.unpublishedPhoto(account, alt: nil)
            let kept = try await sandbox.unpublishedPhoto(account, alt: nil, temporary: false)

            for (attempt, photos) in [("unknown", ["1221999999999999"]), ("foreign", [theirs]), ("used", [used]), ("twice", [mine, mine])] {
                let refused = try await sandbox.feedPost(account, message: "Attempt \(attempt)", photos: photos)
                #expect(refused.status == 400, "\(attempt)")
                #expect(refused.json?["error"]?["code"] == .integer(100), "\(attempt)")
            }
            sandbox.clock.advance(by: 600)
            let expired = try await sandbox.feedPost(account, message: "Too late", photos: [mine])
            #expect(expired.json?["error"]?["code"] == .integer(100))
            let rejected = try await sandbox.get(sandbox.facebook + "/_sandbox/rejected").bodyText
            #expect(rejected.contains("expired unattached"))
            #expect(try await sandbox.get(sandbox.facebook + "/v26.0/\(mine)", headers: [.bearer(account.pageToken)]).json?["error"]?["code"] == .integer(100),
                    "an expired temporary photo is gone")
            #expect(try await sandbox.feedPost(account, message: "Not temporary", photos: [kept]).status == 200,
                    "only temporary uploads expire")
            #expect(try await sandbox.receivedRecords().filter { $0["kind"]?.stringValue == "post" }.count == 2)
        }
    }
}
