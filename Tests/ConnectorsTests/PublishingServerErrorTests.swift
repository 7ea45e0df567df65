import Foundation
import HTTPClient
import NetworkRules
import Testing
@testable import Connectors

/// A server error to the request that makes the post is uncertain: the network may have made the post
/// before failing to answer (the sandbox's `gateway_timeout` does exactly that), so the engine looks
/// before sending again. Answers that say the post was not made keep their class, and requests that
/// make no post (uploads, containers, reads) stay retryable on 5xx.
@Suite struct PublishingServerErrorTests: ClassifiesScriptedAnswers {
    typealias Script = ScriptedTransport

    /// A gateway's 504 page: HTML, not the network's JSON.
    static let gatewayPage = "<html><head><title>504 Gateway Time-out</title></head><body><h1>504 Gateway Time-out</h1></body></html>"

    // MARK: X

    let xCredentials = AccountCredentials.oauth1(token: "t", tokenSecret: "ts")

    func x(_ rules: [(String, String, Script.Answer)]) -> XConnector {
        XConnector(configuration: .init(apiBaseURL: "http://x.test", consumerKey: "k", consumerSecret: "s"), transport: Script(rules))
    }

    @Test func x_anyServerErrorToPOSTTweets_isUncertain_refusalsAndThrottlingKeepTheirClass() async {
        let post = PublishRequest(text: "Hill reps", accountRemoteID: "1")
        let cases: [(Script.Answer, ConnectorError.Code)] = [
            (.respond(500, #"{"title":"Internal Server Error","detail":"Internal Server Error","status":500}"#), .uncertain),
            (.respond(503, #"{"title":"Service Unavailable","detail":"Service Unavailable","type":"about:blank","status":503}"#), .uncertain),
            (.respond(502, "Bad Gateway"), .uncertain),
            (.respond(504, Self.gatewayPage), .uncertain),
            (.respond(429, #"{"title":"Too Many Requests","status":429}"#), .rateLimited),
            (.respond(403, #"{"detail":"You are not allowed to create a Tweet with duplicate content.","status":403}"#), .permanent),
            (.respond(401, #"{"title":"Unauthorized","status":401}"#), .authFailure),
        ]
        for (answer, expected) in cases {
            let connector = x([("POST", "/2/tweets", answer)])
            #expect(await code { _ = try await connector.publish(post, credentials: xCredentials) } == expected, "\(answer)")
        }
    }

    @Test func x_theUncertainError_saysThePostMayHaveBeenMade_andKeepsTheStatusAndExcerpt() async throws {
        let connector = x([("POST", "/2/tweets", .respond(504, Self.gatewayPage))])
        do {
            _ = try await connector.publish(PublishRequest(text: "Hill reps", accountRemoteID: "1"), credentials: xCredentials)
            Issue.record("a 504 must not read as published")
        } catch {
            #expect(error.code == .uncertain)
            #expect(error.httpStatus == 504)
            #expect(error.message.contains("may have made the post"))
            #expect(error.excerpt?.contains("Gateway") == true)
        }
    }

    @Test func x_aServerErrorToTheMediaUploadOrTheTimeline_staysRetryable() async throws {
        let path = NSTemporaryDirectory() + "schedulerd-\(UUID().uuidString).jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = MediaItem(path: path, kind: .image, contentType: "image/jpeg", size: 4, sha256: String(repeating: "a", count: 64), width: 1, height: 1, alt: nil)
        let upload = x([("POST", "/2/media/upload", .respond(503, "{}")), ("POST", "/2/tweets", .respond(201, #"{"data":{"id":"9"}}"#))])
        #expect(await code { _ = try await upload.publish(PublishRequest(text: "Photo", media: [image], accountRemoteID: "1"), credentials: xCredentials) } == .retryable)
        let lookup = x([("GET", "/tweets", .respond(504, Self.gatewayPage))])
        #expect(await code { _ = try await lookup.findPublished(PublishRequest(text: "a", accountRemoteID: "1"), since: Date(), credentials: xCredentials) } == .retryable)
    }

    // MARK: Facebook


    @Test func facebook_serverErrorsAndGraphsUnknownErrorToTheFeedPOST_areUncertain() async {
        let post = PublishRequest(text: "Club run", accountRemoteID: "105")
        let cases: [(Script.Answer, ConnectorError.Code)] = [
            (.respond(500, #"{"error":{"message":"An unexpected error has occurred. Please retry your request later.","code":2,"is_transient":true}}"#), .uncertain),
            (.respond(400, #"{"error":{"message":"An unknown error occurred","code":1}}"#), .uncertain),
            (.respond(504, Self.gatewayPage), .uncertain),
            (.respond(502, "<html>502 Bad Gateway</html>"), .uncertain),
            (.respond(400, #"{"error":{"message":"(#506) Duplicate status message","code":506}}"#), .permanent),
            (.respond(400, #"{"error":{"message":"(#32) Page request limit reached","code":32}}"#), .rateLimited),
            (.respond(400, #"{"error":{"message":"Error validating access token","code":190}}"#), .authFailure),
        ]
        for (answer, expected) in cases {
            let connector = FacebookConnector(app: app, transport: Script([("POST", "/105/feed", answer)]))
            #expect(await code { _ = try await connector.publish(post, credentials: pageCredentials) } == expected, "\(answer)")
        }
    }

    // MARK: Instagram

    @Test func instagram_aServerErrorToMediaPublish_isUncertain_toTheContainer_retryable() async {
        let post = instagramPost
        let container = instagram([("POST", "/178/media_publish", .respond(200, #"{"id":"m1"}"#)), ("POST", "/178/media", .respond(500, #"{"error":{"message":"x","code":2}}"#))])
        #expect(await code { _ = try await container.publish(post, credentials: pageCredentials) } == .retryable)
        let publish = instagram([("POST", "/178/media_publish", .respond(504, Self.gatewayPage)), ("POST", "/178/media", .respond(200, #"{"id":"c1"}"#))])
        #expect(await code { _ = try await publish.publish(post, credentials: pageCredentials) } == .uncertain)
    }

    // MARK: LinkedIn

    func linkedIn(_ rules: [(String, String, Script.Answer)]) -> LinkedInConnector {
        LinkedInConnector(app: LinkedInApp(apiBaseURL: "http://li.test", clientID: "c", clientSecret: "s"), transport: Script(rules))
    }

    @Test func linkedIn_anyServerErrorToPOSTPosts_isUncertain_throttlingAndRefusalsKeepTheirClass() async {
        let post = PublishRequest(text: "Erg", accountRemoteID: "urn:li:person:1")
        let cases: [(Script.Answer, ConnectorError.Code)] = [
            (.respond(500, #"{"status":500,"serviceErrorCode":0,"code":"INTERNAL_SERVER_ERROR","message":"Internal Server Error"}"#), .uncertain),
            (.respond(504, Self.gatewayPage), .uncertain),
            (.respond(429, #"{"status":429,"code":"TOO_MANY_REQUESTS","message":"throttled"}"#), .rateLimited),
            (.respond(422, #"{"status":422,"code":"DUPLICATE_POST","message":"Content is a duplicate"}"#), .permanent),
        ]
        for (answer, expected) in cases {
            #expect(await code { _ = try await linkedIn([("POST", "/rest/posts", answer)]).publish(post, credentials: pageCredentials) } == expected, "\(answer)")
        }
    }

    @Test func linkedIn_aServerErrorToTheImageUpload_staysRetryable() async throws {
        let path = NSTemporaryDirectory() + "schedulerd-\(UUID().uuidString).jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = MediaItem(path: path, kind: .image, contentType: "image/jpeg", size: 4, sha256: String(repeating: "a", count: 64), width: 1, height: 1, alt: nil)
        let connector = linkedIn([("POST", "initializeUpload", .respond(503, "{}")), ("POST", "/rest/posts", .respond(201, "{}"))])
        #expect(await code { _ = try await connector.publish(PublishRequest(text: "Erg", media: [image], accountRemoteID: "urn:li:person:1"), credentials: pageCredentials) } == .retryable)
    }

    // MARK: The rule itself

    @Test func answeringPublish_changesOnlyARetryableHTTPAnswer() {
        #expect(ConnectorError(code: .retryable, message: "m", httpStatus: 503).answeringPublish(network: "X").code == .uncertain)
        #expect(ConnectorError(code: .retryable, message: "m").answeringPublish(network: "X").code == .retryable, "never sent: nothing was made")
        #expect(ConnectorError(code: .rateLimited, message: "m", httpStatus: 503).answeringPublish(network: "X").code == .rateLimited)
        #expect(ConnectorError(code: .permanent, message: "m", httpStatus: 400).answeringPublish(network: "X").code == .permanent)
    }
}
