import Foundation
import HTTPClient
import Logging
import SchedulerCore
import ServiceLifecycle

@testable import Sandbox

/// The sandbox Bluesky PDS alone on a loopback port, with a hand-moved clock and a libcurl client.
///
/// Not through ``SandboxServer``: the PDS is not one of its listeners yet.
struct BlueskyHarness: Sendable {
    let network: BlueskySandboxNetwork
    let base: String
    let clock: TestClock
    let http: CurlHTTPClient
    let recorder: Recorder

    static func run(
        writeLimits: [BlueskyRateLimit] = [.writesPerHour, .writesPerDay],
        _ body: (BlueskyHarness) async throws -> Void
    ) async throws {
        let clock = TestClock()
        let logger = Logger(label: "bluesky-sandbox-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let recorder = Recorder()
        let environment = SandboxEnvironment(
            recorder: recorder, now: { clock.now }, logger: logger, configuration: .init(), fetcher: CurlMediaFetcher()
        )
        let network = BlueskySandboxNetwork(environment: environment, writeLimits: writeLimits)
        let (application, ports) = application(for: network, logger: logger)
        let group = ServiceGroup(services: [application], logger: logger)
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        try await SandboxHarness.whileRunning(group) {
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            let harness = BlueskyHarness(network: network, base: "http://127.0.0.1:\(port)", clock: clock, http: http, recorder: recorder)
            try await body(harness)
        }
    }

    func xrpc(_ method: String) -> String { base + "/xrpc/" + method }

    func get(_ method: String, _ query: [(String, String)], token: String? = nil) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "GET", url: SandboxHarness.url(base, "/xrpc/" + method, query), headers: token.map { [.bearer($0)] } ?? []))
    }

    func post(_ path: String, json: JSONValue, token: String? = nil) async throws -> HTTPResponse {
        let body = try JSONEncoder().encode(json)
        var headers = [HTTPHeader("Content-Type", "application/json")]
        if let token { headers.append(.bearer(token)) }
        return try await http.send(HTTPRequest(method: "POST", url: base + path, headers: headers, body: Array(body)))
    }

    func upload(_ bytes: [UInt8], contentType: String, token: String) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(
            method: "POST", url: xrpc("com.atproto.repo.uploadBlob"), headers: [HTTPHeader("Content-Type", contentType), .bearer(token)], body: bytes
        ))
    }

    /// An account made through the helper, with an app password; returns (did, app password).
    func account(_ handle: String = "alice.test") async throws -> (did: String, appPassword: String) {
        let made = try await post("/_sandbox/bluesky/accounts", json: .object(["handle": .string(handle), "password": .string("main-password")]))
        guard made.status == 201, let did = made.json?["did"]?.stringValue else { throw HarnessError(message: "account: \(made.status)") }
        let app = try await post("/_sandbox/bluesky/app-passwords", json: .object(["identifier": .string(handle), "name": .string("schedulerd")]))
        guard app.status == 201, let password = app.json?["password"]?.stringValue else { throw HarnessError(message: "app password: \(app.status)") }
        return (did, password)
    }

    func createSession(_ identifier: String, _ password: String) async throws -> HTTPResponse {
        try await post("/xrpc/com.atproto.server.createSession", json: .object(["identifier": .string(identifier), "password": .string(password)]))
    }

    /// An access token for a fresh session of `handle`.
    func login(_ handle: String, _ password: String) async throws -> String {
        let session = try await createSession(handle, password)
        guard let token = session.json?["accessJwt"]?.stringValue else { throw HarnessError(message: "login: \(session.status)") }
        return token
    }

    /// createRecord of a post with `text` (and any other record fields) at `rkey`.
    func createPost(repo: String, token: String, text: String, rkey: String? = nil, extra: [String: JSONValue] = [:]) async throws -> HTTPResponse {
        var record: [String: JSONValue] = ["$type": .string("app.bsky.feed.post"), "text": .string(text), "createdAt": .string("2026-11-27T10:00:00.000Z")]
        record.merge(extra) { _, new in new }
        var input: [String: JSONValue] = ["repo": .string(repo), "collection": .string("app.bsky.feed.post"), "record": .object(record)]
        if let rkey { input["rkey"] = .string(rkey) }
        return try await post("/xrpc/com.atproto.repo.createRecord", json: .object(input), token: token)
    }

    struct HarnessError: Error { var message: String }
}
