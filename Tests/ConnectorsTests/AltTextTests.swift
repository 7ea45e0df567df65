import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing
@testable import Connectors
@testable import Sandbox

/// Alt text goes wherever the network takes it: X's media metadata, Facebook's `alt_text_custom`, Instagram's
/// `alt_text`, LinkedIn's `altText`; `--dry-run` shows it, and only what the network would refuse is refused.
@Suite struct AltTextTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x05, 0x46, 0x04, 0x38, 0x03]
        + Array(repeating: 0, count: 40) + [0xFF, 0xD9]

    /// The JPEG above, written where a connector reads attached files.
    static func picture(alt: String?) throws -> MediaItem {
        let path = NSTemporaryDirectory() + "schedulerd-alt-\(UUID().uuidString).jpg"
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        return MediaItem(path: path, kind: .image, contentType: "image/jpeg", size: jpeg.count, sha256: String(repeating: "a", count: 64),
                         width: 1080, height: 1350, alt: alt)
    }

    @Test func x_setsAltTextThroughMediaMetadata_beforeThePost() async throws {
        try await SandboxX.with { sandbox in
            let grant = try await sandbox.mintToken(username: "describer")
            let item = try Self.picture(alt: "Route along the river")
            defer { try? FileManager.default.removeItem(atPath: item.path) }
            _ = try await sandbox.connector().publish(PublishRequest(text: "River loop", media: [item], accountRemoteID: grant.userID),
                                                      credentials: grant.credentials)
            let received = await sandbox.sandbox.received()
            let metadata = try #require(received.first { $0.path == "/2/media/metadata" })
            #expect(metadata.body["metadata"]?["alt_text"]?["text"]?.stringValue == "Route along the river")
            #expect(received.map(\.path) == ["/2/media/upload", "/2/media/metadata", "/2/tweets"])
        }
    }

    @Test func facebook_sendsTheTextAsCaption_andTheAltTextAsAltTextCustom() async throws {
        let transport = ScriptedTransport([("POST", "/photos", .respond(200, #"{"id":"1","post_id":"105_2"}"#))])
        let connector = FacebookConnector(app: FacebookApp(appID: "a", appSecret: "s"), transport: transport)
        let item = try Self.picture(alt: "Finish line")
        defer { try? FileManager.default.removeItem(atPath: item.path) }
        _ = try await connector.publish(PublishRequest(text: "Race day", media: [item], accountRemoteID: "105"),
                                        credentials: .oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil))
        let body = try #require(transport.sent.body(of: "/photos"))
        #expect(body.contains("name=\"caption\"\r\n\r\nRace day\r\n"))
        #expect(body.contains("name=\"alt_text_custom\"\r\n\r\nFinish line\r\n"))
        #expect(!body.contains("name=\"message\""), "the Photo reference marks message deprecated")
    }

    @Test func instagram_sendsAltTextOnTheImageContainer() async throws {
        let transport = ScriptedTransport([
            ("POST", "/media_publish", .respond(200, #"{"id":"m1"}"#)),
            ("POST", "/media", .respond(200, #"{"id":"c1"}"#)),
            ("GET", "status_code", .respond(200, #"{"status_code":"FINISHED"}"#)),
            ("GET", "content_publishing_limit", .respond(200, #"{"data":[{"quota_usage":0,"config":{"quota_total":50}}]}"#)),
            ("GET", "permalink", .respond(200, #"{"permalink":"https://www.instagram.com/p/x/"}"#)),
        ])
        let connector = InstagramConnector(app: FacebookApp(appID: "a", appSecret: "s"), mediaBaseURL: "https://media.example", transport: transport)
        let item = try Self.picture(alt: "A runner on a forest trail")
        _ = try await connector.publish(PublishRequest(text: "Trail", media: [item], accountRemoteID: "178"),
                                        credentials: .oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil))
        let body = try #require(transport.sent.body(of: "/178/media"))
        #expect(body.contains("alt_text=A%20runner%20on%20a%20forest%20trail"))
    }

    @Test func dryRun_showsTheAltTextEachNetworkWouldReceive() throws {
        let item = MediaItem(path: "/state/media/ab.jpg", kind: .image, contentType: "image/jpeg", size: 60, sha256: "ab", width: 1080, height: 1350,
                             alt: "Route map")
        let request = PublishRequest(text: "Run", media: [item], accountRemoteID: "1")
        let app = FacebookApp(appID: "a", appSecret: "s")
        let x = XConnector(configuration: .init(consumerKey: "k", consumerSecret: "s"), transport: CurlHTTPClient()).preview(request)
        #expect(x["POST /2/media/metadata"]?[0]?["metadata"]?["alt_text"]?["text"]?.stringValue == "Route map")
        #expect(FacebookConnector(app: app, transport: CurlHTTPClient()).preview(request)["alt_text_custom"]?.stringValue == "Route map")
        #expect(InstagramConnector(app: app, mediaBaseURL: "https://m", transport: CurlHTTPClient()).preview(request)["alt_text"]?.stringValue == "Route map")
        let linkedin = LinkedInConnector(app: LinkedInApp(clientID: "i", clientSecret: "s"), transport: CurlHTTPClient()).preview(request)
        #expect(linkedin["content"]?["media"]?["altText"]?.stringValue == "Route map")
    }

    /// Each network's documented limit, and no limit where none is documented (Facebook).
    @Test func altText_isRefusedOnlyPastTheNetworksOwnLimit() {
        func problems(_ network: Network, altLength: Int) -> [String] {
            let item = MediaItem(path: "/p.jpg", kind: .image, contentType: "image/jpeg", size: 60, sha256: "ab", width: 1080, height: 1350,
                                 alt: String(repeating: "a", count: altLength))
            return NetworkRules.of(network).problems(with: PublishRequest(text: "Run", media: [item]))
        }
        #expect(problems(.x, altLength: 1_000).isEmpty)
        #expect(problems(.x, altLength: 1_001) == ["the alt text of p.jpg has 1001 characters, over X's limit of 1000"])
        #expect(problems(.instagram, altLength: 1_000).isEmpty && problems(.instagram, altLength: 1_001).count == 1)
        #expect(problems(.linkedin, altLength: 4_086).isEmpty && problems(.linkedin, altLength: 4_087).count == 1)
        #expect(problems(.facebook, altLength: 20_000).isEmpty, "Facebook documents no limit: nothing is refused")
    }
}

extension JSONValue {
    /// The element at `index`, when this is an array that long.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
