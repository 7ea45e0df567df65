import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Page publishing on the Graph listener: feed posts, photos, reads, Graph's errors and usage headers.
@Suite struct FacebookPublishingServerTests {
    @Test func aPageToken_postsTextAndAPhoto_thatTheFeedListsNewestFirst_andTheRecordsKeep() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let text = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", form: [
                ("message", "Club run tonight at 7"), ("link", "https://example.com/route"), ("access_token", account.pageToken),
            ])
            #expect(text.status == 200)
            let postID = try #require(text.json?["id"]?.stringValue)
            #expect(postID.hasPrefix(account.pageID + "_"))
            #expect(text.header("X-App-Usage")?.hasPrefix(#"{"call_count":"#) == true)
            #expect(text.header("X-Business-Use-Case-Usage")?.contains(#""\#(account.pageID)":[{"type":"pages""#) == true)

            var deprecated = MultipartBody()
            deprecated.field("message", "Finish line")
            deprecated.file("source", filename: "finish.jpg", contentType: "image/jpeg", TestImages.jpeg(width: 1200, height: 900))
            let refused = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/photos", multipart: deprecated, headers: [.bearer(account.pageToken)])
            #expect(refused.status == 400, "a photo's text is `caption`; `message` is deprecated")
            var photo = MultipartBody()
            photo.field("caption", "Finish line")
            photo.field("alt_text_custom", "A runner crossing the line")
            photo.file("source", filename: "finish.jpg", contentType: "image/jpeg", TestImages.jpeg(width: 1200, height: 900))
            let uploaded = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/photos", multipart: photo, headers: [.bearer(account.pageToken)])
            #expect(uploaded.status == 200)
            let photoID = try #require(uploaded.json?["id"]?.stringValue)
            let photoPost = try #require(uploaded.json?["post_id"]?.stringValue)

            let feed = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.pageID)/feed?fields=id,message,created_time", headers: [.bearer(account.pageToken)])
            let posts = try #require(feed.json?["data"])
            #expect(posts[0]?["id"]?.stringValue == photoPost)
            #expect(posts[1]?["id"]?.stringValue == postID)
            #expect(posts[1]?["message"]?.stringValue == "Club run tonight at 7")
            #expect(posts[1]?["created_time"]?.stringValue?.hasSuffix("+0000") == true)

            let records = try await sandbox.receivedRecords()
            #expect(records.count == 2)
            #expect(records[0]["body"] == .object(["message": .string("Club run tonight at 7"), "link": .string("https://example.com/route")]))
            #expect(records[0]["user_id"]?.stringValue == account.pageID)
            #expect(records[1]["media"] == .array([.string(photoID)]))
            #expect(records[1]["body"]?["source"]?["filename"]?.stringValue == "finish.jpg")
            #expect(records[1]["body"]?["source"]?["bytes"] == .integer(Int64(TestImages.jpeg(width: 1200, height: 900).count)))
            let everything = try await sandbox.allRecordsText(from: sandbox.facebook)
            #expect(!everything.contains(account.pageToken) && !everything.contains(account.userToken))
        }
    }

    @Test func aScheduledPost_waitsInScheduledPosts_untilItsTime() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let at = Int(sandbox.clock.now.timeIntervalSince1970) + 3_600
            let scheduled = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", json: #"{"message":"Race day","published":false,"scheduled_publish_time":\#(at)}"#, headers: [.bearer(account.pageToken)])
            #expect(scheduled.status == 200)
            let waiting = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.pageID)/scheduled_posts", headers: [.bearer(account.pageToken)])
            #expect(waiting.json?["data"]?[0]?["id"] == scheduled.json?["id"])
            #expect(try await sandbox.get(sandbox.facebook + "/v26.0/\(account.pageID)/feed", headers: [.bearer(account.pageToken)]).json?["data"] == .array([]))
            sandbox.clock.advance(by: 3_600)
            #expect(try await sandbox.get(sandbox.facebook + "/v26.0/\(account.pageID)/feed", headers: [.bearer(account.pageToken)]).json?["data"]?[0]?["id"] == scheduled.json?["id"])

            let tooSoon = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", json: #"{"message":"Now","published":false,"scheduled_publish_time":\#(at)}"#, headers: [.bearer(account.pageToken)])
            #expect(tooSoon.json?["error"]?["code"] == .integer(100))
        }
    }

    @Test func publishing_refusesAUserToken_aBadToken_anEmptyPost_andADuplicate() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let feed = sandbox.facebook + "/v26.0/\(account.pageID)/feed"
            let userToken = try await sandbox.post(feed, form: [("message", "As me"), ("access_token", account.userToken)])
            #expect(userToken.status == 400)
            #expect(userToken.json?["error"]?["code"] == .integer(200))
            #expect(userToken.json?["error"]?["message"]?.stringValue?.contains("pages_manage_posts") == true)

            let bad = try await sandbox.post(feed, form: [("message", "Hi"), ("access_token", "EAASnot-a-token")])
            #expect(bad.json?["error"]?["code"] == .integer(190))
            #expect(bad.json?["error"]?["type"]?.stringValue == "OAuthException")

            let empty = try await sandbox.post(feed, form: [("access_token", account.pageToken)])
            #expect(empty.json?["error"]?["code"] == .integer(100))
            #expect(empty.json?["error"]?["message"]?.stringValue == "(#100) Missing message or attachment")

            let viaMe = try await sandbox.post(sandbox.facebook + "/v26.0/me/feed", form: [("message", "Same words"), ("access_token", account.pageToken)])
            #expect(viaMe.json?["id"]?.stringValue?.hasPrefix(account.pageID + "_") == true)
            let duplicate = try await sandbox.post(feed, form: [("message", "Same words"), ("access_token", account.pageToken)])
            #expect(duplicate.json?["error"]?["code"] == .integer(506))
            #expect(duplicate.json?["error"]?["message"]?.stringValue == "(#506) Duplicate status message")

            let other = try await sandbox.graphAccount("walker")
            let foreign = try await sandbox.post(feed, form: [("message", "Not my Page"), ("access_token", other.pageToken)])
            #expect(foreign.json?["error"]?["error_subcode"] == .integer(33))
            #expect(try await sandbox.receivedRecords().count == 1)
        }
    }

    @Test func aPhoto_withoutAnImage_orWithAFileThatIsNoImage_isRefusedWith324() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let photos = sandbox.facebook + "/v26.0/\(account.pageID)/photos"
            let none = try await sandbox.post(photos, form: [("message", "Where is it"), ("access_token", account.pageToken)])
            #expect(none.json?["error"]?["message"]?.stringValue == "(#324) Requires upload file")
            var text = MultipartBody()
            text.file("source", filename: "a.jpg", contentType: "image/jpeg", Array("text".utf8))
            let invalid = try await sandbox.post(photos, multipart: text, headers: [.bearer(account.pageToken)])
            #expect(invalid.json?["error"]?["code"] == .integer(324))
        }
    }

    @Test func pastTheCallBudget_aPageTokenGetsCode80001_withUsageAtOneHundred() async throws {
        try await SandboxHarness.run(configuration: .init(graphCallBudget: 2)) { sandbox in
            let account = try await sandbox.graphAccount()
            let feed = sandbox.facebook + "/v26.0/\(account.pageID)/feed"
            let first = try await sandbox.get(feed, headers: [.bearer(account.pageToken)])
            #expect(first.header("X-App-Usage") == #"{"call_count":50,"total_time":25,"total_cputime":16}"#)
            _ = try await sandbox.get(feed, headers: [.bearer(account.pageToken)])
            let limited = try await sandbox.get(feed, headers: [.bearer(account.pageToken)])
            #expect(limited.status == 400)
            #expect(limited.json?["error"]?["code"] == .integer(80001))
            #expect(limited.header("X-Business-Use-Case-Usage")?.contains(#""call_count":100"#) == true)
            #expect(limited.header("X-Business-Use-Case-Usage")?.contains(#""estimated_time_to_regain_access":60"#) == true)
            sandbox.clock.advance(by: 3_600)
            #expect(try await sandbox.get(feed, headers: [.bearer(account.pageToken)]).status == 200)
        }
    }
}
