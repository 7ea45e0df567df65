import Connectors
import Foundation
import HTTPClient
import NetworkRules
import Sandbox
import TestHTTPReceiver
import Testing

/// The X connector against the sandbox X over loopback, through libcurl.
@Suite(.timeLimit(.minutes(1))) struct XConnectorTests {
    @Test func verify_returnsTheProfileTheTokenWasMintedFor() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "runner", name: "Morning Runner")

            let profile = try await x.connector().verify(credentials: grant.credentials)

            #expect(profile == AccountProfile(remoteID: grant.userID, handle: "runner", displayName: "Morning Runner"))
        }
    }

    @Test func publish_returnsTheRemoteIDAndStatusURLAndTheSandboxReceivedTheText() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "runner")
            let text = "Sunday Morning Run: 10.2 km in 52:14 🏃"

            let published = try await x.connector().publish(PublishRequest(text: text), credentials: grant.credentials)

            #expect(!published.remoteID.isEmpty && published.remoteID.allSatisfy(\.isNumber))
            #expect(published.url == "https://x.com/i/web/status/\(published.remoteID)")
            #expect(published.httpStatus == 201)
            let received = await x.sandbox.received()
            #expect(received.count == 1)
            #expect(received.first?.body["text"]?.stringValue == text)
            #expect(received.first?.remoteID == published.remoteID)
            #expect(received.first?.path == "/2/tweets")
            #expect(received.first?.userID == grant.userID)
        }
    }

    @Test func publish_withAWrongTokenSecret_isAnAuthFailureAndPublishesNothing() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "runner")
            let wrong = AccountCredentials.oauth1(token: grant.oauthToken, tokenSecret: "not-the-secret")

            let error = await #expect(throws: ConnectorError.self) {
                try await x.connector().publish(PublishRequest(text: "hello"), credentials: wrong)
            }

            #expect(error?.code == .authFailure)
            #expect(error?.httpStatus == 401)
            #expect(error?.message.contains("not-the-secret") == false)
            #expect(await x.sandbox.received().isEmpty)
            #expect(await x.sandbox.rejected().map(\.status) == [401])
        }
    }

    @Test func verify_withAWrongConsumerSecret_isAnAuthFailure() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "runner")

            let error = await #expect(throws: ConnectorError.self) {
                try await x.connector(consumerSecret: "wrong").verify(credentials: grant.credentials)
            }

            #expect(error?.code == .authFailure)
        }
    }

    @Test func publish_theSameTextTwice_isPermanentWithXsMessage() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "runner")
            let connector = x.connector()
            _ = try await connector.publish(PublishRequest(text: "same words"), credentials: grant.credentials)

            let error = await #expect(throws: ConnectorError.self) {
                try await connector.publish(PublishRequest(text: "same words"), credentials: grant.credentials)
            }

            #expect(error?.code == .permanent)
            #expect(error?.httpStatus == 403)
            #expect(error?.message == "X: You are not allowed to create a Tweet with duplicate content.")
            #expect(error?.excerpt?.contains("duplicate content") == true)
            #expect(await x.sandbox.received().count == 1)
        }
    }

    @Test func publish_textTheSandboxRefusesAsTooLong_isPermanent() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "runner")

            let error = await #expect(throws: ConnectorError.self) {
                try await x.connector().publish(PublishRequest(text: String(repeating: "a", count: 281)), credentials: grant.credentials)
            }

            #expect(error?.code == .permanent)
            #expect(error?.httpStatus == 400)
            #expect(error?.message.contains("too long") == true)
        }
    }

    @Test func publish_whenTheConnectionIsRefused_isRetryable() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "runner")
            // Held, not listening, for the whole test: a port let go could be given to another test's server.
            let closed = try ReservedPort()
            let connector = x.connector(baseURL: "http://127.0.0.1:\(closed.port)")

            let publishError = await #expect(throws: ConnectorError.self) {
                try await connector.publish(PublishRequest(text: "hello"), credentials: grant.credentials)
            }
            let verifyError = await #expect(throws: ConnectorError.self) {
                try await connector.verify(credentials: grant.credentials)
            }

            #expect(publishError?.code == .retryable)
            #expect(publishError?.message.contains("X could not be reached") == true)
            #expect(verifyError?.code == .retryable)
        }
    }

    @Test func validateAndPreview_useXsRules() {
        let connector = XConnector(configuration: .init(consumerKey: "k", consumerSecret: "s"), transport: CurlHTTPClient())
        #expect(connector.validate(PublishRequest(text: "fine")).isEmpty)
        #expect(connector.validate(PublishRequest(text: String(repeating: "漢", count: 141))) == [
            "the text counts 282 characters, over X's limit of 280",
        ])
        #expect(connector.validate(PublishRequest(text: " ")) == ["the text is empty"])
        #expect(connector.preview(PublishRequest(text: "hi")) == .object(["text": .string("hi")]))
    }
}
