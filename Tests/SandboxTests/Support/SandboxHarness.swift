import CryptoPrimitives
import Foundation
import HTTPClient
import Logging
import SchedulerCore
import ServiceLifecycle
import Synchronization

@testable import Sandbox

/// A clock the test moves by hand, so codes and tokens expire without sleeping.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date()) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A sandbox on loopback with a hand-moved clock, and a libcurl client to talk to it.
struct SandboxHarness: Sendable {
    let sandbox: SandboxServer
    let urls: [String: String]
    let clock: TestClock
    let http: CurlHTTPClient

    var x: String { urls["x"]! }
    var facebook: String { urls["facebook"]! }
    var linkedin: String { urls["linkedin"]! }

    /// Runs `body` against a fresh sandbox, then shuts it down gracefully.
    static func run(configuration: SandboxConfiguration = .init(), _ body: (SandboxHarness) async throws -> Void) async throws {
        let clock = TestClock()
        let logger = Logger(label: "sandbox-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let sandbox = SandboxServer(configuration: configuration, logger: logger, now: { clock.now })
        let group = ServiceGroup(services: [sandbox], logger: logger)
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        try await whileRunning(group) {
            try await body(SandboxHarness(sandbox: sandbox, urls: try await sandbox.baseURLs(), clock: clock, http: http))
        }
    }

    /// Runs `group` while `body` runs, then shuts it down gracefully, when `body` throws too: every harness's servers.
    static func whileRunning(_ group: ServiceGroup, _ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body()
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    func get(_ url: String, headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "GET", url: url, headers: headers))
    }

    func delete(_ url: String, headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "DELETE", url: url, headers: headers))
    }

    func post(_ url: String, form: [(String, String)], headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(
            method: "POST", url: url,
            headers: headers + [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
            body: Array(PercentEncoding.encodeForm(form).utf8)
        ))
    }

    func post(_ url: String, json: String, headers: [HTTPHeader] = []) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "POST", url: url, headers: headers + [HTTPHeader("Content-Type", "application/json")], body: Array(json.utf8)))
    }

    /// `base` + `path` + `?` + the encoded query.
    static func url(_ base: String, _ path: String, _ query: [(String, String)] = []) -> String {
        base + path + (query.isEmpty ? "" : "?" + PercentEncoding.encodeForm(query))
    }

    /// Every `/_sandbox/…` record as one text, for checking that no secret leaked into any.
    func allRecordsText(from base: String? = nil) async throws -> String {
        var text = ""
        for record in ["received", "rejected", "issued", "revoked"] {
            text += try await get((base ?? x) + "/_sandbox/" + record).bodyText
        }
        return text
    }
}

extension HTTPResponse {
    /// The body parsed as JSON.
    var json: JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(body))
    }

    /// The `Location` header's query (after `?`, before `#`) as a dictionary.
    var redirectQuery: [String: String] {
        guard let location = header("Location"), let question = location.firstIndex(of: "?") else { return [:] }
        let query = location[location.index(after: question)...].prefix { $0 != "#" }
        return Dictionary(PercentDecoding.parseForm(String(query)) ?? [], uniquingKeysWith: { first, _ in first })
    }

    /// `Authorization: Basic` for a client id and secret.
    static func basic(_ id: String, _ secret: String) -> HTTPHeader {
        HTTPHeader("Authorization", "Basic " + Base64.encode(Array("\(PercentEncoding.encode(id)):\(PercentEncoding.encode(secret))".utf8)))
    }
}

extension HTTPHeader {
    static func bearer(_ token: String) -> HTTPHeader {
        HTTPHeader("Authorization", "Bearer " + token)
    }

    static func basic(_ id: String, _ secret: String) -> HTTPHeader {
        HTTPResponse.basic(id, secret)
    }
}

extension JSONValue {
    /// The element at `index`, when this is an array that long.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
