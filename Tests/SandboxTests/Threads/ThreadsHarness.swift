import CryptoPrimitives
import Foundation
import HTTPClient
import Logging
import SchedulerCore
import ServiceLifecycle
import Testing

@testable import Sandbox

/// The sandbox Threads host alone on a loopback port, with a hand-moved clock, the shared records and files, and a
/// libcurl client. Not through ``SandboxServer``: Threads is not one of its listeners yet.
struct ThreadsHarness: Sendable {
    let network: ThreadsSandboxNetwork
    let base: String
    let clock: TestClock
    let http: CurlHTTPClient
    let recorder: Recorder

    /// The sandbox app's redirect for these tests.
    static let redirectURI = "http://127.0.0.1:8765/callback"

    static func run(
        limits: ThreadsLimits = ThreadsLimits(processing: .seconds(5)),
        configuration: SandboxConfiguration = .init(),
        _ body: (ThreadsHarness) async throws -> Void
    ) async throws {
        let clock = TestClock()
        let logger = Logger(label: "threads-sandbox-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let recorder = Recorder()
        let environment = SandboxEnvironment(
            recorder: recorder, now: { clock.now }, logger: logger, configuration: configuration, fetcher: CurlMediaFetcher()
        )
        let network = ThreadsSandboxNetwork(environment: environment, limits: limits)
        let (application, ports) = application(for: network, recorder: recorder, logger: logger)
        let group = ServiceGroup(services: [application], logger: logger)
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        try await SandboxHarness.whileRunning(group) {
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            let harness = ThreadsHarness(network: network, base: "http://127.0.0.1:\(port)", clock: clock, http: http, recorder: recorder)
            try await body(harness)
        }
    }

    /// `GET base + path?query`, with the token as a bearer when given.
    func get(_ path: String, _ query: [(String, String)] = [], token: String? = nil) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "GET", url: SandboxHarness.url(base, path, query), headers: token.map { [.bearer($0)] } ?? []))
    }

    /// `POST base + path` with a URL-encoded form, with the token as a bearer when given.
    func post(_ path: String, form: [(String, String)], token: String? = nil) async throws -> HTTPResponse {
        var headers = [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")]
        if let token { headers.append(.bearer(token)) }
        return try await http.send(HTTPRequest(method: "POST", url: base + path, headers: headers, body: Array(PercentEncoding.encodeForm(form).utf8)))
    }

    func postJSON(_ path: String, _ json: JSONValue) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "POST", url: base + path, headers: [HTTPHeader("Content-Type", "application/json")],
                                        body: Array(try JSONEncoder().encode(json))))
    }

    /// A long-lived token from the helper, and the profile's id.
    func mint(_ username: String = "runner", scopes: [String]? = nil) async throws -> (token: String, userID: String) {
        var body: [String: JSONValue] = ["username": .string(username)]
        if let scopes { body["scopes"] = .array(scopes.map(JSONValue.string)) }
        let minted = try await postJSON("/_sandbox/threads/tokens", .object(body))
        guard minted.status == 201, let token = minted.json?["access_token"]?.stringValue, let id = minted.json?["user_id"]?.stringValue else {
            throw HarnessError(message: "mint: \(minted.status) \(minted.bodyText)")
        }
        return (token, id)
    }

    /// `POST /v1.0/me/threads` with `fields` → the answer.
    func createContainer(_ token: String, _ fields: [(String, String)]) async throws -> HTTPResponse {
        try await post("/v1.0/me/threads", form: fields, token: token)
    }

    /// A text container's id, failing the test when it is refused.
    func textContainer(_ token: String, _ text: String, replyTo: String? = nil) async throws -> String {
        let created = try await createContainer(token, [("media_type", "TEXT"), ("text", text)] + (replyTo.map { [("reply_to_id", $0)] } ?? []))
        guard created.status == 200, let id = created.json?["id"]?.stringValue else { throw HarnessError(message: "container: \(created.bodyText)") }
        return id
    }

    func publish(_ token: String, _ container: String) async throws -> HTTPResponse {
        try await post("/v1.0/me/threads_publish", form: [("creation_id", container)], token: token)
    }

    /// Waits out processing (the clock moves), then publishes; the post's id.
    func publishText(_ token: String, _ text: String, replyTo: String? = nil) async throws -> String {
        let container = try await textContainer(token, text, replyTo: replyTo)
        clock.advance(by: network.publisher.limits.processing.timeInterval)
        let published = try await publish(token, container)
        guard published.status == 200, let id = published.json?["id"]?.stringValue else { throw HarnessError(message: "publish: \(published.bodyText)") }
        return id
    }

    /// A container's `status`.
    func status(_ token: String, _ container: String) async throws -> String? {
        try await get("/v1.0/\(container)", [("fields", "status,error_message")], token: token).json?["status"]?.stringValue
    }

    /// Stores `bytes` at `/_sandbox/files/{name}` and returns the URL the sandbox fetches them from.
    func hostFile(_ name: String, _ bytes: [UInt8], contentType: String = "image/jpeg") async throws -> String {
        let url = base + "/_sandbox/files/" + name
        let stored = try await http.send(HTTPRequest(method: "PUT", url: url, headers: [HTTPHeader("Content-Type", contentType)], body: bytes))
        #expect(stored.status == 201)
        return url
    }

    /// The accepted requests of kind `post`, oldest first.
    func posts() async -> [ReceivedRequest] {
        await recorder.received().filter { $0.kind == "post" }
    }

    struct HarnessError: Error { var message: String }
}
