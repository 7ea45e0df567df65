import Foundation
import HTTPClient
import SchedulerCore

/// The control API spoken directly over the daemon's socket, for tests that schedule hundreds of posts
/// (one `schedctl` process each would take longer than the test itself).
extension DaemonUnderTest {
    private static let http = CurlHTTPClient()

    func api(_ method: String, _ path: String, body: [UInt8]? = nil, contentType: String = "application/json") async throws -> HTTPResponse {
        let headers = body == nil ? [] : [HTTPHeader("Content-Type", contentType)]
        return try await Self.http.send(HTTPRequest(method: method, url: "http://localhost" + path, headers: headers, body: body,
                                                    timeout: .seconds(30), unixSocketPath: socket))
    }

    /// Stores a file with `POST /v1/media` and returns its id.
    func uploadMedia(_ file: String) async throws -> String {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let response = try await api("POST", "/v1/media", body: bytes, contentType: "application/octet-stream")
        guard response.status == 201 else { throw E2EError("media upload answered \(response.status): \(response.bodyText)") }
        return try JSONCoding.decoder().decode(MediaView.self, from: Data(response.body)).id
    }

    func schedule(_ request: SchedulePostRequest) async throws -> PostView {
        let response = try await api("POST", "/v1/posts", body: Array(try JSONCoding.encoder().encode(request)))
        guard response.status == 201 else { throw E2EError("scheduling answered \(response.status): \(response.bodyText)") }
        return try JSONCoding.decoder().decode(PostView.self, from: Data(response.body))
    }

    func status() async throws -> StatusView {
        let response = try await api("GET", "/v1/status")
        return try JSONCoding.decoder().decode(StatusView.self, from: Data(response.body))
    }

    /// Deliveries not yet in a final state (scheduled, publishing or retrying).
    func unfinishedDeliveries() async throws -> Int {
        let counts = try await status().deliveries
        return ["scheduled", "publishing", "retrying"].reduce(0) { $0 + (counts[$1] ?? 0) }
    }

    /// Links `network` as the sandbox user `user` (each sandbox user has their own Page and Instagram account);
    /// `extra` adds `schedctl accounts link` options (`--organization URN`).
    func linkAccount(_ network: String, as user: String, extra: [String] = []) async throws -> AccountView {
        let attempt = try await link(network, extra, paste: { url in try await Browser.approve(url + "&sandbox_user=\(user)") })
        guard attempt.status == 0 else { throw E2EError("link \(network) as \(user) failed (\(attempt.status)): \(attempt.stderr)") }
        return try JSONCoding.decoder().decode(AccountView.self, from: Data(attempt.stdout.utf8))
    }

    /// The logs of every run of the daemon so far, oldest first.
    var logsOfEveryRun: String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix("schedulerd-") }.sorted()
        return names.compactMap { try? String(contentsOfFile: directory.file($0), encoding: .utf8) }.joined(separator: "\n")
    }

    /// Kills the daemon with no chance to clean up, as a power cut would.
    func kill() async throws {
        guard let process else { return }
        process.signal(SIGKILL)
        try await process.waitForExit()
    }
}

/// What the emulations published, counted against what was scheduled.
struct PublicationCount: CustomStringConvertible {
    var once = 0
    var duplicates = 0
    var missing = 0
    var unknown = 0

    /// `received` holds the sandbox's accepted requests; a post is what was recorded as `kind: post` (a thread's parts
    /// too, each a post of its own), a first comment what was recorded as `kind: comment`.
    init(scheduled texts: [String], received: [JSONValue], unknown: Int) {
        var counts: [String: Int] = [:]
        for record in received where ["post", "comment"].contains(record["kind"]?.stringValue) {
            guard let text = record["text"]?.stringValue else { continue }
            counts[record["network"]?.stringValue == "linkedin" ? Self.unescapingLittleText(text) : text, default: 0] += 1
        }
        for text in texts {
            switch counts[text] ?? 0 {
            case 0: missing += 1
            case 1: once += 1
            default: duplicates += 1
            }
        }
        self.unknown = unknown
    }

    var description: String { "published once \(once), duplicated \(duplicates), missing \(missing), unknown \(unknown)" }

    /// LinkedIn's `commentary` is "little text": the connector puts a backslash before each reserved character
    /// (`<`, `>`, `(`, `)`, `#`, …). Undone here on its own terms, without the connector's code.
    static func unescapingLittleText(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if !escaped && character == "\\" { escaped = true; continue }
            escaped = false
            result.append(character)
        }
        return result
    }
}
