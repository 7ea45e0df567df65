@testable import Connectors
import Foundation
import HTTPClient
import SchedulerCore
import Synchronization
import Testing

/// The XRPC calls of a Bluesky post (`BlueskyXRPC`, `BlueskyPostRecord`) against scripted answers: what is sent, and
/// what each answer means to the engine.
@Suite struct BlueskyXRPCTests {
    /// Answers each request with the next scripted answer and keeps what was sent.
    final class ScriptedTransport: HTTPTransport {
        let answers: Mutex<[(Int, String, [HTTPHeader])]>
        let sent = Mutex<[HTTPRequest]>([])

        init(_ answers: [(Int, String, [HTTPHeader])]) { self.answers = Mutex(answers) }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            sent.withLock { $0.append(request) }
            let (status, body, headers) = answers.withLock { $0.removeFirst() }
            return HTTPResponse(status: status, headers: headers, body: Array(body.utf8), newConnections: 0)
        }

        func body(_ index: Int) throws -> JSONValue {
            try JSONDecoder().decode(JSONValue.self, from: Data(sent.withLock { $0[index].body ?? [] }))
        }
    }

    let session = BlueskyXRPC.Session(accessJwt: "access", refreshJwt: "refresh", did: "did:plc:runner", handle: "runner.bsky.social")
    let key = BlueskyRecordKey(microseconds: 1_764_201_600_000_000, clockID: 5)

    @Test func aPost_isCreatedAtItsKey_andReadBackByIt() async throws {
        let transport = ScriptedTransport([
            (200, #"{"uri":"at://did:plc:runner/app.bsky.feed.post/KEY","cid":"bafyrei1"}"#, []),
            (200, #"{"uri":"at://did:plc:runner/app.bsky.feed.post/KEY","cid":"bafyrei1","value":{}}"#, []),
            (400, #"{"error":"RecordNotFound","message":"Could not locate record"}"#, []),
        ])
        let xrpc = BlueskyXRPC(pds: "http://pds.test/", transport: transport)
        let record = BlueskyPostRecord.make(text: "Easy 10k with @alice.bsky.social #run", createdAt: Date(timeIntervalSince1970: 0),
                                            dids: ["alice.bsky.social": "did:plc:alice"])
        let created = try await xrpc.createPost(record, at: key, session: session)
        #expect(created.cid == "bafyrei1")
        #expect(try await xrpc.post(at: key, session: session) == created)
        #expect(try await xrpc.post(at: key, session: session) == nil, "RecordNotFound: not there")
        let sent = transport.sent.withLock { $0 }
        #expect(sent.map(\.url) == [
            "http://pds.test/xrpc/com.atproto.repo.createRecord",
            "http://pds.test/xrpc/com.atproto.repo.getRecord?repo=did:plc:runner&collection=app.bsky.feed.post&rkey=\(key.value)",
            "http://pds.test/xrpc/com.atproto.repo.getRecord?repo=did:plc:runner&collection=app.bsky.feed.post&rkey=\(key.value)",
        ])
        #expect(sent[0].sendAtMostOnce, "a create is never resent by libcurl")
        let body = try transport.body(0)
        #expect(body["rkey"]?.stringValue == key.value && body["repo"]?.stringValue == "did:plc:runner")
        let facets = body["record"]?["facets"]
        #expect(facets == .array([
            .object(["index": .object(["byteStart": .integer(14), "byteEnd": .integer(32)]),
                     "features": .array([.object(["$type": .string("app.bsky.richtext.facet#mention"), "did": .string("did:plc:alice")])])]),
            .object(["index": .object(["byteStart": .integer(33), "byteEnd": .integer(37)]),
                     "features": .array([.object(["$type": .string("app.bsky.richtext.facet#tag"), "tag": .string("run")])])]),
        ]))
    }

    @Test func aCreateAnswered500_isADoubt_neverAFailure() async throws {
        let transport = ScriptedTransport([(500, #"{"error":"InternalServerError","message":"Internal Server Error"}"#, [])])
        let error = await #expect(throws: ConnectorError.self) {
            try await BlueskyXRPC(pds: "http://pds.test", transport: transport).createPost(.object([:]), at: key, session: session)
        }
        #expect(error?.code == .uncertain)
    }

    @Test func aRateLimit_saysWhenItResets_andARevokedSession_needsARelink() async throws {
        let transport = ScriptedTransport([
            (429, #"{"error":"RateLimitExceeded","message":"Rate Limit Exceeded"}"#, [HTTPHeader("ratelimit-reset", "1764205200")]),
            (400, #"{"error":"ExpiredToken","message":"Token has been revoked"}"#, []),
        ])
        let xrpc = BlueskyXRPC(pds: "http://pds.test", transport: transport)
        let limited = await #expect(throws: ConnectorError.self) { try await xrpc.createPost(.object([:]), at: key, session: session) }
        #expect(limited?.code == .rateLimited && limited?.retryAt == Date(timeIntervalSince1970: 1_764_205_200))
        let revoked = await #expect(throws: ConnectorError.self) { try await xrpc.refreshSession(refreshJwt: "refresh") }
        #expect(revoked?.code == .authFailure && revoked?.message == "ExpiredToken: Token has been revoked")
    }

    @Test func aMentionThatDidNotResolve_staysPlainText_andImagesCarryAltAndAspectRatio() {
        let blob = JSONValue.object(["$type": .string("blob"), "mimeType": .string("image/jpeg")])
        let record = BlueskyPostRecord.make(text: "with @nobody.example.com", createdAt: Date(timeIntervalSince1970: 0),
                                            images: [.init(blob: blob, alt: "Route map", width: 1080, height: 1350)])
        #expect(record["facets"] == nil)
        #expect(record["embed"]?["images"] == .array([.object(["image": blob, "alt": .string("Route map"),
                                                                 "aspectRatio": .object(["width": .integer(1080), "height": .integer(1350)])])]))
    }
}
