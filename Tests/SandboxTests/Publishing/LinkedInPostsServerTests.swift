import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// LinkedIn's Posts and Images APIs over the wire.
@Suite struct LinkedInPostsServerTests {
    static func postJSON(author: String, commentary: String, image: String? = nil) -> String {
        let content = image.map { #","content":{"media":{"id":"\#($0)","altText":"Route map"}}"# } ?? ""
        return #"{"author":"\#(author)","commentary":"\#(commentary)","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED","targetEntities":[],"thirdPartyDistributionChannels":[]},"lifecycleState":"PUBLISHED","isReshareDisabledByAuthor":false\#(content)}"#
    }

    func createPost(_ sandbox: SandboxHarness, _ account: LinkedInAccount, json: String, headers: [HTTPHeader] = SandboxHarness.rest) async throws -> HTTPResponse {
        try await sandbox.post(sandbox.linkedin + "/rest/posts", json: json, headers: headers + [.bearer(account.token)])
    }

    func initializeUpload(_ sandbox: SandboxHarness, _ account: LinkedInAccount, owner: String) async throws -> HTTPResponse {
        try await sandbox.post(sandbox.linkedin + "/rest/images?action=initializeUpload", json: #"{"initializeUploadRequest":{"owner":"\#(owner)"}}"#, headers: SandboxHarness.rest + [.bearer(account.token)])
    }

    @Test func anUploadedImage_isPostedWithTheCommentary_answered201WithTheShareURN() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let account = try await sandbox.linkedInAccount()
            let initialized = try #require(try await initializeUpload(sandbox, account, owner: account.person).json?["value"])
            let image = try #require(initialized["image"]?.stringValue)
            let uploadURL = try #require(initialized["uploadUrl"]?.stringValue)
            #expect(image.hasPrefix("urn:li:image:"))
            #expect(uploadURL.hasPrefix(sandbox.linkedin + "/_upload/"))
            let bytes = TestImages.jpeg(width: 1200, height: 627)
            let uploaded = try await sandbox.send("PUT", uploadURL, body: bytes, contentType: "application/octet-stream", headers: [.bearer(account.token)])
            #expect(uploaded.status == 201)
            let status = try await sandbox.get(sandbox.linkedin + "/rest/images/" + image.replacingOccurrences(of: ":", with: "%3A"), headers: SandboxHarness.rest + [.bearer(account.token)])
            #expect(status.json?["status"]?.stringValue == "AVAILABLE")

            let created = try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: #"Tempo run \\(8 km\\)"#, image: image))
            #expect(created.status == 201)
            #expect(created.body.isEmpty)
            let share = try #require(created.header("x-restli-id"))
            #expect(share.hasPrefix("urn:li:share:"))

            let records = try await sandbox.receivedRecords()
            #expect(records.count == 2)
            #expect(records[0]["kind"]?.stringValue == "media")
            #expect(records[0]["body"]?["bytes"] == .integer(Int64(bytes.count)))
            #expect(records[1]["remote_id"]?.stringValue == share)
            #expect(records[1]["text"]?.stringValue == #"Tempo run \(8 km\)"#)
            #expect(records[1]["media"] == .array([.string(image)]))
            #expect(records[1]["body"]?["author"]?.stringValue == account.person)

            let author = account.person.replacingOccurrences(of: ":", with: "%3A")
            let found = try await sandbox.get(sandbox.linkedin + "/rest/posts?author=\(author)&q=author&count=10", headers: SandboxHarness.rest + [.bearer(account.token)])
            #expect(found.json?["elements"]?[0]?["id"]?.stringValue == share)
            #expect(found.json?["elements"]?[0]?["commentary"]?.stringValue == #"Tempo run \(8 km\)"#)
            #expect(found.json?["paging"]?["total"] == .integer(1))
            #expect(!(try await sandbox.allRecordsText(from: sandbox.linkedin)).contains(account.token))
        }
    }

    @Test func anOrganizationTheMemberAdministers_canPost() async throws {
        try await SandboxHarness.run(configuration: .everyLinkedInProduct) { sandbox in
            let account = try await sandbox.linkedInAccount()
            let created = try await createPost(sandbox, account, json: Self.postJSON(author: account.organization, commentary: "Club news"))
            #expect(created.status == 201)
        }
    }

    @Test func posts_refuseAnImageNeverUploaded_aWrongAuthor_aMissingField_andTooLongACommentary() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.linkedInAccount()
            let other = try await sandbox.linkedInAccount("walker")
            let image = try #require(try await initializeUpload(sandbox, account, owner: account.person).json?["value"]?["image"]?.stringValue)
            let notUploaded = try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: "Photo soon", image: image))
            #expect(notUploaded.status == 422)
            #expect(notUploaded.json?["code"]?.stringValue == "UNPROCESSABLE_ENTITY")
            #expect(notUploaded.json?["message"]?.stringValue?.contains("WAITING_UPLOAD") == true)

            let impostor = try await createPost(sandbox, account, json: Self.postJSON(author: other.person, commentary: "As someone else"))
            #expect(impostor.status == 403)
            #expect(impostor.json?["code"]?.stringValue == "ACCESS_DENIED")
            #expect(try await createPost(sandbox, account, json: Self.postJSON(author: other.organization, commentary: "As their club")).status == 403)

            let missing = try await createPost(sandbox, account, json: #"{"author":"\#(account.person)","commentary":"No distribution","visibility":"PUBLIC","lifecycleState":"PUBLISHED"}"#)
            #expect(missing.status == 422)
            #expect(missing.json?["message"]?.stringValue == "ERROR :: /distribution :: field is required but not found and has no default value")
            #expect(missing.json?["status"] == .integer(422))

            let long = try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: String(repeating: "a", count: 3_001)))
            #expect(long.status == 422)
            let longAlt = Self.postJSON(author: account.person, commentary: "Alt", image: image).replacingOccurrences(of: "Route map", with: String(repeating: "r", count: 4_087))
            let altTooLong = try await createPost(sandbox, account, json: longAlt)
            #expect(altTooLong.status == 422)
            #expect(altTooLong.json?["message"]?.stringValue?.contains("/content/media/altText") == true)
            #expect(try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: String(repeating: "a", count: 3_000))).status == 201)
            let duplicate = try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: String(repeating: "a", count: 3_000)))
            #expect(duplicate.status == 422)
            #expect(duplicate.json?["message"]?.stringValue?.hasPrefix("Content is a duplicate of urn:li:share:") == true)
            #expect(try await sandbox.receivedRecords().count == 1)
        }
    }

    @Test func posts_refuseABadToken_aMissingOrFutureVersion_andAMissingScope() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.linkedInAccount()
            let json = Self.postJSON(author: account.person, commentary: "Hello")
            let bad = try await createPost(sandbox, LinkedInAccount(token: "AQVnope", person: "", organization: ""), json: json)
            #expect(bad.status == 401)
            #expect(bad.json?["code"]?.stringValue == "INVALID_ACCESS_TOKEN")
            let unversioned = try await createPost(sandbox, account, json: json, headers: [HTTPHeader("X-Restli-Protocol-Version", "2.0.0")])
            #expect(unversioned.json?["code"]?.stringValue == "VERSION_MISSING")
            let future = try await createPost(sandbox, account, json: json, headers: [HTTPHeader("LinkedIn-Version", "209901"), HTTPHeader("X-Restli-Protocol-Version", "2.0.0")])
            #expect(future.status == 426)
            #expect(future.json?["code"]?.stringValue == "NONEXISTENT_VERSION")
            let noProtocol = try await createPost(sandbox, account, json: json, headers: [HTTPHeader("LinkedIn-Version", SandboxHarness.linkedInVersion)])
            #expect(noProtocol.status == 400)

            let reader = try await sandbox.linkedInAccount("reader", scopes: ["openid", "profile"])
            let denied = try await createPost(sandbox, reader, json: Self.postJSON(author: reader.person, commentary: "No scope"))
            #expect(denied.status == 403)
            #expect(denied.json?["message"]?.stringValue == "Not enough permissions to access: partnerApiPostsExternal.CREATE.\(SandboxHarness.linkedInVersion)01")
        }
    }

    @Test func pastTheDailyQuota_postsAnswer429WithNoBody_untilMidnightUTC() async throws {
        try await SandboxHarness.run(configuration: .init(linkedinDailyPostLimit: 1)) { sandbox in
            let account = try await sandbox.linkedInAccount()
            #expect(try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: "First")).status == 201)
            let limited = try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: "Second"))
            #expect(limited.status == 429)
            #expect(limited.body.isEmpty)
            sandbox.clock.advance(by: 86_400)
            #expect(try await createPost(sandbox, account, json: Self.postJSON(author: account.person, commentary: "Second")).status == 201)
        }
    }
}
