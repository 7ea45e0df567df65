import CryptoPrimitives
import Foundation
import HTTPClient
import Logging
import OAuth
import SchedulerCore
import ServiceLifecycle

@testable import Sandbox

/// Sandbox Mastodon instances on loopback ports of their own, with a hand-moved clock and a libcurl client.
///
/// Not through ``SandboxServer``: the instances are not among its listeners yet.
struct MastodonHarness: Sendable {
    /// A 500-character instance and a 1,000-character one, as the lead will run them.
    static let small = MastodonInstanceSettings(domain: "small.example", maxCharacters: 500)
    static let large = MastodonInstanceSettings(domain: "large.example", maxCharacters: 1_000)

    let networks: [String: MastodonSandboxNetwork]
    let bases: [String: String]
    let clock: TestClock
    let http: CurlHTTPClient
    let recorder: Recorder

    /// The first instance's base URL.
    let base: String

    static func run(
        instances: [MastodonInstanceSettings] = [small],
        options: MastodonSandboxOptions = .init(mediaProcessing: 0),
        _ body: (MastodonHarness) async throws -> Void
    ) async throws {
        let clock = TestClock()
        let logger = Logger(label: "mastodon-sandbox-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let recorder = Recorder()
        let environment = SandboxEnvironment(recorder: recorder, now: { clock.now }, logger: logger, configuration: .init(), fetcher: CurlMediaFetcher())
        let networks = instances.map { MastodonSandboxNetwork(environment: environment, instance: $0, options: options) }
        let (services, ports) = applications(for: networks, logger: logger)
        let group = ServiceGroup(services: services, logger: logger)
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        try await SandboxHarness.whileRunning(group) {
            var bases: [String: String] = [:]
            for await (domain, port) in ports {
                bases[domain] = "http://127.0.0.1:\(port)"
                if bases.count == networks.count { break }
            }
            let harness = MastodonHarness(
                networks: Dictionary(uniqueKeysWithValues: networks.map { ($0.instance.domain, $0) }), bases: bases, clock: clock, http: http,
                recorder: recorder, base: bases[instances[0].domain] ?? ""
            )
            try await body(harness)
        }
    }

    var network: MastodonSandboxNetwork { networks.values.first { bases[$0.instance.domain] == base }! }

    func on(_ domain: String) -> MastodonHarness {
        MastodonHarness(networks: networks, bases: bases, clock: clock, http: http, recorder: recorder, base: bases[domain]!)
    }

    func get(_ path: String, _ query: [(String, String)] = [], token: String? = nil) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "GET", url: SandboxHarness.url(base, path, query), headers: token.map { [.bearer($0)] } ?? []))
    }

    func post(_ path: String, json: JSONValue, token: String? = nil, headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        var all = headers + [HTTPHeader("Content-Type", "application/json")]
        if let token { all.append(.bearer(token)) }
        return try await http.send(HTTPRequest(method: "POST", url: base + path, headers: all, body: Array(try JSONEncoder().encode(json))))
    }

    func post(_ path: String, form: [(String, String)], token: String? = nil, headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        var all = headers
        if let token { all.append(.bearer(token)) }
        return try await http.send(HTTPRequest(
            method: "POST", url: base + path, headers: all + [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
            body: Array(PercentEncoding.encodeForm(form).utf8)
        ))
    }

    /// The helper path of this harness's instance.
    var helper: String { "/_sandbox/mastodon/\(network.instance.domain)" }

    /// A token for `username` (made if new) through the token helper; returns (token, account id).
    func token(_ username: String = "alice", scopes: [String]? = nil) async throws -> (token: String, accountID: String) {
        var body: [String: JSONValue] = ["username": .string(username)]
        if let scopes { body["scopes"] = .array(scopes.map(JSONValue.string)) }
        let minted = try await post(helper + "/tokens", json: .object(body))
        guard minted.status == 201, let token = minted.json?["access_token"]?.stringValue, let id = minted.json?["account_id"]?.stringValue else {
            throw HarnessError(message: "token: \(minted.status) \(minted.bodyText)")
        }
        return (token, id)
    }

    /// `POST /api/v1/statuses` as JSON, with an `Idempotency-Key` when given.
    func postStatus(_ fields: [String: JSONValue], token: String, key: String? = nil) async throws -> HTTPResponse {
        try await post("/api/v1/statuses", json: .object(fields), token: token, headers: key.map { [HTTPHeader("Idempotency-Key", $0)] } ?? [])
    }

    func status(_ text: String, token: String, key: String? = nil) async throws -> HTTPResponse {
        try await postStatus(["status": .string(text)], token: token, key: key)
    }

    /// `POST /api/v2/media` with `bytes` as the file part.
    func upload(_ bytes: [UInt8], contentType: String = "image/jpeg", description: String? = nil, focus: String? = nil, token: String) async throws -> HTTPResponse {
        var form = MultipartBody()
        if let description { form.field("description", description) }
        if let focus { form.field("focus", focus) }
        form.file("file", filename: "photo.jpg", contentType: contentType, bytes)
        return try await http.send(HTTPRequest(
            method: "POST", url: base + "/api/v2/media", headers: [HTTPHeader("Content-Type", form.contentType), .bearer(token)], body: form.finished
        ))
    }

    struct HarnessError: Error { var message: String }
}
