@testable import Connectors
import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing

/// The calls of a Mastodon post (`MastodonAPI`) against scripted answers: the instance's limits, the status with its
/// `Idempotency-Key`, media that is processed later, and what each error means to the engine.
@Suite struct MastodonAPITests {
    typealias ScriptedTransport = BlueskyXRPCTests.ScriptedTransport

    @Test func theInstancesLimits_areItsOwn_withMastodonsDefaultsForWhatItLeavesOut() async throws {
        let transport = ScriptedTransport([
            (200, #"{"configuration":{"statuses":{"max_characters":1000,"max_media_attachments":6,"characters_reserved_per_url":23}}}"#, []),
        ])
        let limits = try await MastodonAPI(instance: "https://big.example/", transport: transport).limits()
        #expect(limits == MastodonInstanceLimits(maxCharacters: 1_000, maxMediaAttachments: 6, charactersReservedPerURL: 23,
                                                 maxDescriptionCharacters: 1_500))
        #expect(transport.sent.withLock { $0.map(\.url) } == ["https://big.example/api/v2/instance"])
    }

    @Test func aStatus_carriesItsIdempotencyKey_andAResendWithTheSameKeyGetsTheSameStatus() async throws {
        let first = #"{"id":"111","url":"https://small.example/@runner/111","created_at":"2026-11-27T07:30:00.000Z"}"#
        let transport = ScriptedTransport([(200, first, []), (200, first, [])])
        let api = MastodonAPI(instance: "https://small.example", transport: transport)
        var options = MastodonAPI.StatusOptions()
        options.inReplyTo = "100"
        options.contentWarning = "race report"
        let status = try await api.postStatus("Easy 10k", options: options, idempotencyKey: "delivery-42-part-1", token: "t")
        let again = try await api.postStatus("Easy 10k", options: options, idempotencyKey: "delivery-42-part-1", token: "t")
        #expect(status == again && status.id == "111")
        let sent = transport.sent.withLock { $0 }
        #expect(sent.allSatisfy { $0.headers.contains(HTTPHeader("Idempotency-Key", "delivery-42-part-1")) && $0.sendAtMostOnce })
        let body = try transport.body(0)
        #expect(body["in_reply_to_id"]?.stringValue == "100" && body["spoiler_text"]?.stringValue == "race report")
    }

    @Test func whatEachErrorMeans() async throws {
        let transport = ScriptedTransport([
            (503, #"{"error":"There was a temporary problem serving your request, please try again"}"#, []),
            (422, #"{"error":"Validation failed: Text character limit of 500 exceeded"}"#, []),
            (429, #"{"error":"Too many requests"}"#, [HTTPHeader("X-RateLimit-Reset", "2026-11-27T08:00:00.123456Z")]),
            (403, #"{"error":"This action is outside the authorized scopes"}"#, []),
            (404, #"{"error":"Record not found"}"#, []),
        ])
        let api = MastodonAPI(instance: "https://small.example", transport: transport)
        func post() async -> ConnectorError? {
            await #expect(throws: ConnectorError.self) { try await api.postStatus("x", options: .init(), idempotencyKey: "k", token: "t") }
        }
        #expect(await post()?.code == .uncertain, "a 503 to a status sent: resolved by the same key later")
        #expect(await post()?.code == .permanent)
        let limited = await post()
        #expect(limited?.code == .rateLimited && limited?.retryAt.map { Int($0.timeIntervalSince1970) } == 1_795_766_400)
        let scope = await post()
        #expect(scope?.code == .authFailure && scope?.lacksPermission == true)
        #expect(try await api.status(id: "9", token: "t") == nil, "404: no such status")
    }

    @Test func mediaThatIsStillProcessing_isWaitedFor() async throws {
        let transport = ScriptedTransport([(202, #"{"id":"77","url":null}"#, []), (206, "{}", []), (200, #"{"id":"77"}"#, [])])
        let api = MastodonAPI(instance: "https://small.example", transport: transport)
        let upload = try await api.uploadMedia([0xFF, 0xD8, 0xFF], fileName: "run.jpg", mimeType: "image/jpeg", description: "Route map", token: "t")
        #expect(upload.id == "77" && upload.processing)
        #expect(try await api.mediaReady(id: "77", token: "t") == false)
        #expect(try await api.mediaReady(id: "77", token: "t") == true)
    }
}
