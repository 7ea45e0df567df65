import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// LinkedIn's MultiImage posts (`content.multiImage.images`, 2 to 20 images) over the wire.
@Suite struct LinkedInMultiImageServerTests {
    static func multiImage(_ images: [(id: String, alt: String?)]) -> String {
        let items = images.map { image in #"{"id":"\#(image.id)""# + (image.alt.map { #","altText":"\#($0)""# } ?? "") + "}" }
        return #"{"multiImage":{"images":[\#(items.joined(separator: ","))]}}"#
    }

    @Test func threeUploadedImages_makeOnePost_recordedWithEachImageAndItsAltText() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.linkedInAccount()
            var images: [String] = []
            for _ in 0..<3 { images.append(try await sandbox.uploadLinkedInImage(account, owner: account.person)) }
            let alts = ["Start line", "Mile 13", "Finish"]
            let content = Self.multiImage(Array(zip(images, alts.map(Optional.some))).map { (id: $0.0, alt: $0.1) })
            let created = try await sandbox.createLinkedInPost(account, json: SandboxHarness.linkedInPostJSON(author: account.person, commentary: "Half marathon", content: content))
            #expect(created.status == 201)

            let record = try #require(try await sandbox.receivedRecords().last)
            #expect(record["kind"]?.stringValue == "post")
            #expect(record["remote_id"]?.stringValue == created.header("x-restli-id"))
            #expect(record["media"] == .array(images.map { .string($0) }))
            guard case .array(let sent)? = record["body"]?["content"]?["multiImage"]?["images"] else {
                Issue.record("the record has no multiImage images")
                return
            }
            #expect(sent.map { $0["id"]?.stringValue } == images)
            #expect(sent.map { $0["altText"]?.stringValue } == alts)
        }
    }

    @Test func multiImage_refusesOneImage_twentyOne_theSameImageTwice_anImageNeverUploaded_andSomeoneElses() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.linkedInAccount()
            let other = try await sandbox.linkedInAccount("walker")
            let mine = try await sandbox.uploadLinkedInImage(account, owner: account.person)
            let second = try await sandbox.uploadLinkedInImage(account, owner: account.person)
            let theirs = try await sandbox.uploadLinkedInImage(other, owner: other.person)
            let pending = try #require(try await sandbox.post(sandbox.linkedin + "/rest/images?action=initializeUpload",
                                                              json: #"{"initializeUploadRequest":{"owner":"\#(account.person)"}}"#,
                                                              headers: SandboxHarness.rest + [.bearer(account.token)]).json?["value"]?["image"]?.stringValue)
            func post(_ ids: [String], _ commentary: String) async throws -> HTTPResponse {
                try await sandbox.createLinkedInPost(account, json: SandboxHarness.linkedInPostJSON(
                    author: account.person, commentary: commentary, content: Self.multiImage(ids.map { (id: $0, alt: nil) })))
            }
            let one = try await post([mine], "One")
            #expect(one.status == 422)
            #expect(one.json?["message"]?.stringValue?.contains("2 to 20") == true)
            #expect(try await post(Array(repeating: mine, count: 21), "Too many").status == 422)
            let twice = try await post([mine, second, mine], "Twice")
            #expect(twice.status == 422)
            #expect(twice.json?["message"]?.stringValue?.contains("more than once") == true)
            let notUploaded = try await post([mine, pending], "Pending")
            #expect(notUploaded.status == 422)
            #expect(notUploaded.json?["message"]?.stringValue?.contains("WAITING_UPLOAD") == true)
            #expect(try await post([mine, theirs], "Borrowed").status == 422)
            let longAlt = Self.multiImage([(id: mine, alt: String(repeating: "a", count: 4_087)), (id: second, alt: nil)])
            #expect(try await sandbox.createLinkedInPost(account, json: SandboxHarness.linkedInPostJSON(author: account.person, commentary: "Alt", content: longAlt)).status == 422)
            #expect(try await post([mine, second], "Two of mine").status == 201)
            #expect(try await sandbox.receivedRecords().filter { $0["kind"]?.stringValue == "post" }.count == 1)
        }
    }
}
