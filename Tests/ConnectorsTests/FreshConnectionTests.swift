import Foundation
import HTTPClient
import NetworkRules
import Testing
@testable import Connectors

/// libcurl resends a request by itself when the reused connection it went out on dies before an answer. Only reads may
/// be resent: a request that changes something (a publish, an upload to a single-use URL) is sent at most once (see
/// `HTTPRequest.sendAtMostOnce`, tested against a real server in HTTPClientTests), or it could be made twice without
/// the connector knowing.
@Suite struct FreshConnectionTests {
    @Test func everyRequestThatChangesSomething_isSentAtMostOnce_readsMayBeResent() async throws {
        let transport = ScriptedTransport([
            ("POST", "initializeUpload", .respond(200, #"{"value": {"uploadUrl": "http://li.test/_upload/images/t1", "image": "urn:li:image:1"}}"#)),
            ("PUT", "/_upload/images/", .respond(201, "")),
            ("POST", "/rest/posts", .respondWithHeaders(201, "", [HTTPHeader("x-restli-id", "urn:li:share:1")])),
        ])
        let connector = LinkedInConnector(app: LinkedInApp(apiBaseURL: "http://li.test", clientID: "c", clientSecret: "s"), transport: transport)
        let image = MediaItem(path: #filePath, kind: .image, contentType: "image/jpeg", size: 10, sha256: "ab", width: 1, height: 1, alt: nil)
        _ = try await connector.publish(PublishRequest(text: "hello", media: [image, image], accountRemoteID: "urn:li:person:1"),
                                        credentials: .oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil))
        let sent = transport.sent.all
        #expect(sent.map(\.method) == ["POST", "PUT", "POST", "PUT", "POST"])
        #expect(sent.allSatisfy { $0.sendAtMostOnce }, "the uploads too, whose URL takes one upload only")
        _ = try? await connector.findPublished(PublishRequest(text: "hello", accountRemoteID: "urn:li:person:1"), since: Date(),
                                               credentials: .oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil))
        let reads = transport.sent.all.dropFirst(sent.count)
        #expect(!reads.isEmpty && reads.allSatisfy { $0.method == "GET" && !$0.sendAtMostOnce })
    }
}
