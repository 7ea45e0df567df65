import Foundation
import HTTPClient
import SchedulerCore

/// The benchmark's client: the control API over the Unix socket, and the sandbox's record over loopback.
struct BenchControl: Sendable {
    let socket: String
    let sandboxURL: String
    let http = CurlHTTPClient()

    func waitUntilReady() async throws {
        for _ in 0..<500 {
            if let response = try? await http.send(request("GET", "/v1/status")), response.status == 200 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw BenchError("schedulerd did not open its control socket")
    }

    func addAccount(username: String) async throws -> String {
        try await addAccountView(username: username).reference
    }

    /// The account linked from a sandbox X token for `username`.
    func addAccountView(username: String) async throws -> AccountView {
        let minted = try await call("POST", "/v1/sandbox/tokens/x", body: ["username": username], as: SandboxTokenView.self)
        return try await call("POST", "/v1/accounts", body: ImportAccountRequest(network: .x, token: minted.token, tokenSecret: minted.tokenSecret),
                              as: AccountView.self)
    }

    func schedule(text: String, account: String, at due: Date) async throws {
        _ = try await call("POST", "/v1/posts", body: SchedulePostRequest(text: text, to: [account], at: RFC3339.format(due)), as: PostView.self)
    }

    /// Sends `posts` as one import (`POST /v1/posts/batch`); returns how many were stored.
    func importBatch(_ posts: [SchedulePostRequest]) async throws -> Int {
        let body = Array(try JSONCoding.encoder().encode(ImportRequest(posts: posts)))
        var request = self.request("POST", "/v1/posts/batch", body: body)
        request.timeout = .seconds(300)
        let response = try await http.send(request)
        guard (200..<300).contains(response.status) else { throw BenchError("import: HTTP \(response.status) \(response.bodyText.prefix(500))") }
        return try JSONCoding.decoder().decode(ImportView.self, from: Data(response.body)).postIds.count
    }

    /// Polls the emulation's record until `count` posts whose text starts with `textPrefix` arrived; returns their arrival times.
    func waitForReceived(count: Int, textPrefix: String, deadline: Date) async throws -> [(text: String, at: Date)] {
        // One request the emulation answers when the condition holds (or at the deadline): polling its whole record
        // during the burst would take CPU from the daemon being measured.
        let prefix = textPrefix.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? textPrefix
        let timeout = max(0, Int(deadline.timeIntervalSinceNow * 1000))
        let response = try await http.send(HTTPRequest(url: sandboxURL + "/_sandbox/received?text_prefix=\(prefix)&count=\(count)&timeout_ms=\(timeout)",
                                                       timeout: .milliseconds(Int64(timeout) + 30_000)))
        let items = try JSONDecoder().decode([JSONValue].self, from: Data(response.body))
        guard items.count >= count else { throw BenchError("the sandbox received \(items.count) of \(count) posts in time") }
        return items.compactMap { item in
            guard let text = item["text"]?.stringValue, let at = item["received_at"]?.stringValue.flatMap(RFC3339.parse) else { return nil }
            return (text, at)
        }
    }

    /// Waits until the post with `text` arrived; returns its arrival time.
    func waitForReceived(text: String, deadline: Date) async throws -> Date {
        guard let received = try await waitForReceived(count: 1, textPrefix: text, deadline: deadline).last(where: { $0.text == text }) else {
            throw BenchError("the sandbox did not receive \(text.debugDescription) in time")
        }
        return received.at
    }

    func request(_ method: String, _ path: String, body: [UInt8]? = nil) -> HTTPRequest {
        HTTPRequest(method: method, url: "http://localhost" + path, headers: body == nil ? [] : [HTTPHeader("Content-Type", "application/json")],
                    body: body, unixSocketPath: socket)
    }

    private func call<T: Decodable>(_ method: String, _ path: String, body: some Encodable, as type: T.Type) async throws -> T {
        let response = try await http.send(request(method, path, body: Array(try JSONCoding.encoder().encode(body))))
        guard (200..<300).contains(response.status) else { throw BenchError("\(method) \(path): HTTP \(response.status) \(response.bodyText)") }
        return try JSONCoding.decoder().decode(T.self, from: Data(response.body))
    }
}
