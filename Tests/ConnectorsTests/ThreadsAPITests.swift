@testable import Connectors
import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// The calls of a Threads post (`ThreadsAPI`) against scripted answers: a container, its status, its publish, the quota.
@Suite struct ThreadsAPITests {
    typealias ScriptedTransport = BlueskyXRPCTests.ScriptedTransport

    @Test func aPost_isAContainerPublishedOnceItIsFinished() async throws {
        let transport = ScriptedTransport([
            (200, #"{"data":[{"quota_usage":249,"config":{"quota_total":250,"quota_duration":86400}}]}"#, []),
            (200, #"{"id":"C1"}"#, []),
            (200, #"{"id":"C1","status":"IN_PROGRESS"}"#, []),
            (200, #"{"id":"C1","status":"FINISHED"}"#, []),
            (200, #"{"id":"M1"}"#, []),
            (200, #"{"id":"C1","status":"PUBLISHED"}"#, []),
        ])
        let api = ThreadsAPI(graph: "https://graph.threads.test/", transport: transport)
        #expect(try await api.quota(userID: "U", token: "t") == ThreadsAPI.Quota(used: 249, total: 250))
        let container = try await api.createContainer(.image(url: "https://media.example/run.jpg", altText: "Route map", text: "10k", carouselItem: false),
                                                      replyTo: "P0", userID: "U", token: "t")
        #expect(try await api.status(ofContainer: container, token: "t") == .inProgress)
        #expect(try await api.status(ofContainer: container, token: "t") == .finished)
        #expect(try await api.publish(container: container, userID: "U", token: "t") == "M1")
        #expect(try await api.status(ofContainer: container, token: "t") == .published)
        let sent = transport.sent.withLock { $0 }
        #expect(sent.map { "\($0.method) \($0.url)" } == [
            "GET https://graph.threads.test/v1.0/U/threads_publishing_limit?fields=quota_usage,config",
            "POST https://graph.threads.test/v1.0/U/threads",
            "GET https://graph.threads.test/v1.0/C1?fields=status,error_message",
            "GET https://graph.threads.test/v1.0/C1?fields=status,error_message",
            "POST https://graph.threads.test/v1.0/U/threads_publish",
            "GET https://graph.threads.test/v1.0/C1?fields=status,error_message",
        ])
        #expect(String(decoding: sent[1].body ?? [], as: UTF8.self)
            == "media_type=IMAGE&image_url=https%3A%2F%2Fmedia.example%2Frun.jpg&alt_text=Route%20map&text=10k&reply_to_id=P0")
        #expect(sent[4].sendAtMostOnce && String(decoding: sent[4].body ?? [], as: UTF8.self) == "creation_id=C1")
    }

    @Test func whatEachErrorMeans() async throws {
        let transport = ScriptedTransport([
            (500, #"{"error":{"message":"An unknown error occurred","code":1,"is_transient":true}}"#, []),
            (400, #"{"error":{"message":"Error validating access token","code":190}}"#, []),
            (400, #"{"error":{"message":"Application request limit reached","code":4}}"#, []),
            (400, #"{"error":{"message":"The post has too many links","code":100}}"#, []),
            (200, #"{"id":"C2","status":"ERROR","error_message":"FAILED_DOWNLOADING_VIDEO"}"#, []),
        ])
        let api = ThreadsAPI(graph: "https://graph.threads.test", transport: transport)
        func publish() async -> ConnectorError? {
            await #expect(throws: ConnectorError.self) { try await api.publish(container: "C2", userID: "U", token: "t") }
        }
        #expect(await publish()?.code == .uncertain, "a publish in doubt: the container's status resolves it")
        #expect(await publish()?.code == .authFailure)
        #expect(await publish()?.code == .rateLimited)
        #expect(await publish()?.code == .permanent)
        #expect(try await api.status(ofContainer: "C2", token: "t") == .error("FAILED_DOWNLOADING_VIDEO"))
    }
}
