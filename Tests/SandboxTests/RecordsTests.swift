import Foundation
import SchedulerCore
import Testing

@testable import Sandbox

/// The records are a wire format for tests and the demo: their keys and timestamps must not drift.
@Suite struct RecordsTests {
    func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func receivedRequest_encodesWithSnakeCaseKeys() throws {
        let record = ReceivedRequest(
            network: "x",
            receivedAt: "2025-01-31T07:30:00.123Z",
            method: "POST",
            path: "/2/tweets",
            body: .object(["text": .string("hi"), "n": .integer(3)]),
            remoteID: "1",
            oauthConsumerKey: "ck",
            userID: "42"
        )
        #expect(try encode(record) == #"{"body":{"n":3,"text":"hi"},"method":"POST","network":"x","oauth_consumer_key":"ck","path":"/2/tweets","received_at":"2025-01-31T07:30:00.123Z","remote_id":"1","user_id":"42"}"#)
        let decoded = try JSONDecoder().decode(ReceivedRequest.self, from: Data(try encode(record).utf8))
        #expect(decoded == record)
    }

    @Test func revocationsAndIssuedTokens_encodeWithSnakeCaseKeysAndNoValues() throws {
        let revocation = TokenRevocation(network: "x", revokedAt: "2025-01-31T07:30:00.123Z", tokenTypeHint: "refresh_token", reason: .refreshReuse, tokensRevoked: 3)
        #expect(try encode(revocation) == #"{"network":"x","reason":"refresh_reuse","revoked_at":"2025-01-31T07:30:00.123Z","token_type_hint":"refresh_token","tokens_revoked":3}"#)
        let issued = IssuedToken(network: "facebook", kind: .accessToken, issuedAt: "2025-01-31T07:30:00.123Z", grant: "page_token")
        #expect(try encode(issued) == #"{"grant":"page_token","issued_at":"2025-01-31T07:30:00.123Z","kind":"access_token","network":"facebook"}"#)
    }

    @Test func receivedRequest_recordsTheAuthSchemeAndClientButNoBearerToken() throws {
        let record = ReceivedRequest(network: "x", receivedAt: "t", method: "POST", path: "/2/tweets", body: .null, remoteID: "1", auth: "oauth2", clientID: "cid")
        #expect(try encode(record) == #"{"auth":"oauth2","body":null,"client_id":"cid","method":"POST","network":"x","path":"/2/tweets","received_at":"t","remote_id":"1"}"#)
    }

    @Test func receivedRequest_encodesKindTextMediaAndWhatWasFetched() throws {
        let record = ReceivedRequest(
            network: "instagram", receivedAt: "t", method: "POST", path: "/v26.0/1/media", body: .object([:]), remoteID: "9",
            kind: "media", text: "hi", media: ["9"], fetched: .object(["bytes": .integer(3)])
        )
        #expect(try encode(record) == #"{"body":{},"fetched":{"bytes":3},"kind":"media","media":["9"],"method":"POST","network":"instagram","path":"/v26.0/1/media","received_at":"t","remote_id":"9","text":"hi"}"#)
        #expect(try JSONDecoder().decode(ReceivedRequest.self, from: Data(try encode(record).utf8)) == record)
    }

    @Test func jsonValue_roundTripsEveryKind() throws {
        let json = #"{"a":[1,2.5,"s",true,null],"b":{"c":-9007199254740993}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        #expect(value["b"]?["c"] == .integer(-9_007_199_254_740_993))
        #expect(try encode(value) == json)
    }

    @Test func timestamp_isRFC3339UTCWithMilliseconds() {
        #expect(SandboxTimestamp.rfc3339(Date(timeIntervalSince1970: 1_738_308_600.1239)) == "2025-01-31T07:30:00.123Z")
        #expect(SandboxTimestamp.rfc3339(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(SandboxTimestamp.rfc3339(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }

    @Test func problems_matchXsBodies() throws {
        #expect(try encode(XProblem.duplicateContent) == #"{"detail":"You are not allowed to create a Tweet with duplicate content.","status":403,"title":"Forbidden","type":"about:blank"}"#)
        #expect(try encode(XProblem.tooManyRequests) == #"{"detail":"Too Many Requests","status":429,"title":"Too Many Requests","type":"about:blank"}"#)
        let unauthorized = XProblem.unauthorized(.init(code: .badSignature, message: "why"))
        #expect(try encode(unauthorized) == #"{"detail":"Unauthorized","reason":"why","status":401,"title":"Unauthorized","type":"about:blank"}"#)
    }

    @Test func recorder_keepsArrivalOrder() async {
        let recorder = Recorder()
        for index in 0..<3 {
            await recorder.record(ReceivedRequest(network: "x", receivedAt: "t", method: "POST", path: "/2/tweets", body: .null, remoteID: "\(index)"))
        }
        await recorder.record(RejectedRequest(network: "x", receivedAt: "t", method: "POST", path: "/2/tweets", status: 401, reasonCode: "bad_signature", reason: "r"))
        #expect(await recorder.received().map(\.remoteID) == ["0", "1", "2"])
        #expect(await recorder.rejected().count == 1)
    }

    @Test func recorder_answersAWaitForTextsOnceEnoughHaveArrived_orAtItsTimeout() async {
        let recorder = Recorder()
        let post = { (text: String) in
            ReceivedRequest(network: "x", receivedAt: "t", method: "POST", path: "/2/tweets", body: .null, remoteID: text, text: text)
        }
        await recorder.record(post("Bench 1"))
        let waiting = Task { await recorder.received(textPrefix: "Bench ", atLeast: 3, timeout: .seconds(30)) }
        await recorder.record(post("Other"))
        await recorder.record(post("Bench 2"))
        await recorder.record(post("Bench 3"))
        #expect(await waiting.value.map(\.remoteID) == ["Bench 1", "Bench 2", "Bench 3"])

        let short = await recorder.received(textPrefix: "Bench ", atLeast: 5, timeout: .milliseconds(20))
        #expect(short.count == 3, "what arrived, once the timeout passed")
    }
}
