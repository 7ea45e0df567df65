import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Instagram content publishing over the wire: the sandbox fetches `image_url` from a loopback URL.
@Suite struct InstagramServerTests {
    func createContainer(_ sandbox: SandboxHarness, _ account: GraphAccount, imageURL: String, caption: String = "Sunday long run #running") async throws -> HTTPResponse {
        try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [
            ("image_url", imageURL), ("caption", caption), ("access_token", account.pageToken),
        ])
    }

    func status(_ sandbox: SandboxHarness, _ account: GraphAccount, _ container: String) async throws -> String? {
        try await sandbox.get(sandbox.facebook + "/v26.0/\(container)?fields=status_code", headers: [.bearer(account.pageToken)]).json?["status_code"]?.stringValue
    }

    func publish(_ sandbox: SandboxHarness, _ account: GraphAccount, _ container: String) async throws -> HTTPResponse {
        try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media_publish", form: [("creation_id", container), ("access_token", account.pageToken)])
    }

    @Test func aContainer_finishesAfterTwoPolls_publishesOnce_andShowsInTheAccountsMedia() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let image = TestImages.jpeg(width: 1080, height: 1350)
            let url = try await sandbox.hostFile("portrait.jpg", image)
            let created = try await createContainer(sandbox, account, imageURL: url)
            #expect(created.status == 200)
            let container = try #require(created.json?["id"]?.stringValue)

            let early = try await publish(sandbox, account, container)
            #expect(early.json?["error"]?["code"] == .integer(9007))
            #expect(early.json?["error"]?["error_subcode"] == .integer(2207027))
            #expect(try await status(sandbox, account, container) == "IN_PROGRESS")
            #expect(try await status(sandbox, account, container) == "FINISHED")
            let published = try await publish(sandbox, account, container)
            #expect(published.status == 200)
            let mediaID = try #require(published.json?["id"]?.stringValue)
            #expect(try await publish(sandbox, account, container).json?["error"]?["code"] == .integer(9007))
            #expect(try await status(sandbox, account, container) == "PUBLISHED")

            let media = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.instagramID)/media?fields=id,caption,timestamp,permalink", headers: [.bearer(account.pageToken)])
            let first = try #require(media.json?["data"]?[0])
            #expect(first["id"]?.stringValue == mediaID)
            #expect(first["caption"]?.stringValue == "Sunday long run #running")
            #expect(first["permalink"]?.stringValue?.hasPrefix("https://www.instagram.com/p/") == true)
            let limit = try await sandbox.get(sandbox.facebook + "/v26.0/\(account.instagramID)/content_publishing_limit?fields=quota_usage,config", headers: [.bearer(account.pageToken)])
            #expect(limit.json == .object(["data": .array([.object([
                "quota_usage": .integer(1), "config": .object(["quota_total": .integer(50), "quota_duration": .integer(86_400)]),
            ])])]))

            let records = try await sandbox.receivedRecords()
            #expect(records.map { $0["kind"]?.stringValue } == ["media", "post"])
            #expect(records[0]["network"]?.stringValue == "instagram")
            #expect(records[0]["fetched"]?["sha256"]?.stringValue == UploadedFile(contentType: nil, bytes: image).sha256)
            #expect(records[0]["fetched"]?["width"] == .integer(1080))
            #expect(records[1]["remote_id"]?.stringValue == mediaID)
            #expect(records[1]["text"]?.stringValue == "Sunday long run #running")
            #expect(records[1]["media"] == .array([.string(container)]))
        }
    }

    @Test func aUserTokenWithContentPublish_canPublishToo() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let url = try await sandbox.hostFile("square.jpg", TestImages.jpeg(width: 1080, height: 1080))
            let created = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [("image_url", url)], headers: [.bearer(account.userToken)])
            #expect(created.status == 200)
        }
    }

    @Test func containers_refuseABadAspectRatio_aPNG_anUnreachableURL_andTooManyHashtags() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            let tall = try await createContainer(sandbox, account, imageURL: try await sandbox.hostFile("story.jpg", TestImages.jpeg(width: 1080, height: 1920)))
            #expect(tall.status == 400)
            #expect(tall.json?["error"]?["code"] == .integer(36003))
            #expect(tall.json?["error"]?["error_subcode"] == .integer(2207009))
            #expect(tall.json?["error"]?["error_user_msg"]?.stringValue?.contains("aspect ratio ('0.563')") == true)

            let png = try await createContainer(sandbox, account, imageURL: try await sandbox.hostFile("a.png", TestImages.png(width: 100, height: 100), contentType: "image/png"))
            #expect(png.json?["error"]?["code"] == .integer(36001))

            let missing = try await createContainer(sandbox, account, imageURL: sandbox.facebook + "/_sandbox/files/nothing-here.jpg")
            #expect(missing.json?["error"]?["code"] == .integer(9004))
            #expect(missing.json?["error"]?["error_subcode"] == .integer(2207052))
            let notHTTP = try await createContainer(sandbox, account, imageURL: "file:///etc/passwd")
            #expect(notHTTP.json?["error"]?["error_subcode"] == .integer(2207052))

            let square = try await sandbox.hostFile("ok.jpg", TestImages.jpeg(width: 1080, height: 1080))
            let hashtags = (1...31).map { "#tag\($0)" }.joined(separator: " ")
            #expect(try await createContainer(sandbox, account, imageURL: square, caption: hashtags).json?["error"]?["code"] == .integer(100))
            let long = String(repeating: "a", count: 2_201)
            #expect(try await createContainer(sandbox, account, imageURL: square, caption: long).json?["error"]?["code"] == .integer(100))
            #expect(try await createContainer(sandbox, account, imageURL: square, caption: String(repeating: "a", count: 2_200)).status == 200)
            #expect(try await sandbox.receivedRecords().count == 1)
        }
    }

    @Test func pastTheQuota_publishingIsRefusedWithCode9_andAnOldContainerExpires() async throws {
        try await SandboxHarness.run(configuration: .init(instagramPublishLimit: 1)) { sandbox in
            let account = try await sandbox.graphAccount()
            let url = try await sandbox.hostFile("wide.jpg", TestImages.jpeg(width: 1910, height: 1000))
            var containers: [String] = []
            for caption in ["one", "two", "three"] {
                let id = try #require(try await createContainer(sandbox, account, imageURL: url, caption: caption).json?["id"]?.stringValue)
                containers.append(id)
            }
            for id in containers.prefix(2) {
                for _ in 0..<2 { _ = try await status(sandbox, account, id) }
            }
            #expect(try await publish(sandbox, account, containers[0]).status == 200)
            let limited = try await publish(sandbox, account, containers[1])
            #expect(limited.json?["error"]?["code"] == .integer(9))
            #expect(limited.json?["error"]?["error_subcode"] == .integer(2207042))

            sandbox.clock.advance(by: 86_400)
            #expect(try await status(sandbox, account, containers[2]) == "EXPIRED")
            let expired = try await publish(sandbox, account, containers[2])
            #expect(expired.json?["error"]?["error_subcode"] == .integer(2207020))
            #expect(try await publish(sandbox, account, "17000000000000000").json?["error"]?["code"] == .integer(24))
        }
    }
}
