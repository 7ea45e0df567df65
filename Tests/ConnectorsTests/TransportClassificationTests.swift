import Foundation
import HTTPClient
import NetworkRules
import Testing
@testable import Connectors

/// Every connector's failures without an answer: only a publishing request that may have arrived is
/// uncertain; anything never sent, any read and any media step is retryable. A 5xx to the publishing
/// request is uncertain too (``PublishingServerErrorTests`` covers the answers in detail).
@Suite struct TransportClassificationTests: ClassifiesScriptedAnswers {
    typealias Script = ScriptedTransport

    // MARK: X

    func x(_ rules: [(String, String, Script.Answer)]) -> XConnector {
        XConnector(configuration: .init(apiBaseURL: "http://x.test", consumerKey: "k", consumerSecret: "s"), transport: Script(rules))
    }

    let xCredentials = AccountCredentials.oauth1(token: "t", tokenSecret: "ts")

    @Test func x_thePostsPOST_isUncertainOnceSent_andOn5xx_retryableBefore() async {
        let post = PublishRequest(text: "Hill reps", accountRemoteID: "1")
        for (answer, expected) in [(Script.timedOut, ConnectorError.Code.uncertain), (Script.dropped, .uncertain), (Script.refused, .retryable),
                                   (.respond(503, "{}"), .uncertain)] {
            let connector = x([("POST", "/2/tweets", answer)])
            #expect(await code { _ = try await connector.publish(post, credentials: xCredentials) } == expected)
        }
    }

    @Test func x_mediaUploadAndLookups_areRetryable_evenAfterSending() async throws {
        let path = NSTemporaryDirectory() + "schedulerd-\(UUID().uuidString).jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = MediaItem(path: path, kind: .image, contentType: "image/jpeg", size: 4, sha256: String(repeating: "a", count: 64), width: 1, height: 1, alt: nil)
        let connector = x([("POST", "/2/media/upload", Script.dropped), ("POST", "/2/tweets", .respond(201, #"{"data":{"id":"9"}}"#))])
        #expect(await code { _ = try await connector.publish(PublishRequest(text: "Photo", media: [image], accountRemoteID: "1"), credentials: xCredentials) } == .retryable)
        let lookup = x([("GET", "/tweets", Script.timedOut)])
        #expect(await code { _ = try await lookup.findPublished(PublishRequest(text: "a", accountRemoteID: "1"), since: Date(), credentials: xCredentials) } == .retryable)
    }

    // MARK: Graph


    @Test func facebook_theFeedPOST_isUncertainOnceSent_andOn5xx_retryableBefore() async {
        let post = PublishRequest(text: "Club run", accountRemoteID: "105")
        for (answer, expected) in [(Script.timedOut, ConnectorError.Code.uncertain), (Script.refused, .retryable),
                                   (.respond(500, #"{"error":{"message":"oops","code":2}}"#), .uncertain)] {
            let connector = FacebookConnector(app: app, transport: Script([("POST", "/105/feed", answer)]))
            #expect(await code { _ = try await connector.publish(post, credentials: pageCredentials) } == expected)
        }
    }

    @Test func instagram_aContainerIsNotAPost_onlyMediaPublishCanBeUncertain() async {
        let post = instagramPost
        let container = instagram([("POST", "/178/media_publish", .respond(200, #"{"id":"m1"}"#)), ("POST", "/178/media", Script.timedOut)])
        #expect(await code { _ = try await container.publish(post, credentials: pageCredentials) } == .retryable)
        let publish = instagram([("POST", "/178/media_publish", Script.dropped), ("POST", "/178/media", .respond(200, #"{"id":"c1"}"#))])
        #expect(await code { _ = try await publish.publish(post, credentials: pageCredentials) } == .uncertain)
        let refused = instagram([("POST", "/178/media_publish", Script.refused), ("POST", "/178/media", .respond(200, #"{"id":"c1"}"#))])
        #expect(await code { _ = try await refused.publish(post, credentials: pageCredentials) } == .retryable)
    }

    // MARK: LinkedIn

    @Test func linkedIn_thePostsPOST_isUncertainOnceSent_andOn5xx_retryableBefore() async {
        let post = PublishRequest(text: "Erg", accountRemoteID: "urn:li:person:1")
        for (answer, expected) in [(Script.timedOut, ConnectorError.Code.uncertain), (Script.refused, .retryable), (.respond(503, "{}"), .uncertain)] {
            let connector = LinkedInConnector(app: LinkedInApp(apiBaseURL: "http://li.test", clientID: "c", clientSecret: "s"), transport: Script([("POST", "/rest/posts", answer)]))
            #expect(await code { _ = try await connector.publish(post, credentials: pageCredentials) } == expected)
        }
    }
}
