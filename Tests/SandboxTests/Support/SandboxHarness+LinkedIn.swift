import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

extension SandboxHarness {
    /// A `/rest/posts` body by `author` with `content` (a JSON object's text, or none).
    static func linkedInPostJSON(author: String, commentary: String, content: String? = nil) -> String {
        let contentField = content.map { #","content":\#($0)"# } ?? ""
        return #"{"author":"\#(author)","commentary":"\#(commentary)","visibility":"PUBLIC","distribution":{"feedDistribution":"MAIN_FEED","targetEntities":[],"thirdPartyDistributionChannels":[]},"lifecycleState":"PUBLISHED"\#(contentField)}"#
    }

    /// Initializes an image upload for `owner` and sends `bytes` to it; the image URN.
    func uploadLinkedInImage(_ account: LinkedInAccount, owner: String, bytes: [UInt8] = TestImages.jpeg(width: 1200, height: 627)) async throws -> String {
        let started = try await post(linkedin + "/rest/images?action=initializeUpload", json: #"{"initializeUploadRequest":{"owner":"\#(owner)"}}"#,
                                     headers: Self.rest + [.bearer(account.token)])
        let value = try #require(started.json?["value"])
        let uploaded = try await send("PUT", try #require(value["uploadUrl"]?.stringValue), body: bytes, contentType: "application/octet-stream",
                                      headers: [.bearer(account.token)])
        #expect(uploaded.status == 201)
        return try #require(value["image"]?.stringValue)
    }

    /// `POST /rest/posts` with `json` as `account`.
    func createLinkedInPost(_ account: LinkedInAccount, json: String) async throws -> HTTPResponse {
        try await post(linkedin + "/rest/posts", json: json, headers: Self.rest + [.bearer(account.token)])
    }

    /// A post's comments collection, the URN percent-encoded.
    func linkedInComments(of post: String) -> String {
        linkedin + "/rest/socialActions/" + (post.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? post) + "/comments"
    }
}
