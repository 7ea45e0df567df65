import Foundation
import HTTPClient
import SchedctlOutput
import SchedulerCore

/// Talks to schedulerd's control API over its Unix socket, turning error answers into ``CLIError``s.
struct ControlClient {
    let socketPath: String
    /// Where the path came from (`--socket`, `$SCHEDCTL_SOCKET` or the default), for messages.
    let socketSource: String
    let http = CurlHTTPClient()
    /// How long a request may wait for its whole answer, unless it says otherwise. A write may carry a large file or wait
    /// for the store (its busy timeout is 5 s), so a minute.
    static let requestTimeout: Duration = .seconds(60)
    /// How long a look at the daemon's state (`status`) waits: it reads a few counts, so a daemon that has not answered
    /// within this on its own machine's socket is stuck, and saying so at once beats a minute of silence (issue 46).
    static let glanceTimeout: Duration = .seconds(5)

    init(socketPath: String, socketSource: String = "--socket") {
        self.socketPath = socketPath
        self.socketSource = socketSource
    }

    /// Sends a request and returns the body of a 2xx answer.
    func send(_ method: String, _ path: String, body: (some Encodable)? = Optional<String>.none) async throws -> Data {
        guard let body else { return try await sendRaw(method, path, bytes: nil) }
        return try await sendRaw(method, path, bytes: Array(try JSONCoding.encoder(sortedKeys: false).encode(body)), contentType: "application/json")
    }

    /// Sends raw bytes (a media file, or encoded JSON) and returns the body of a 2xx answer.
    func sendRaw(_ method: String, _ path: String, bytes: [UInt8]?, contentType: String = "application/octet-stream") async throws -> Data {
        Data(try await exchange(method, path, bytes: bytes, contentType: contentType).body)
    }

    /// Sends a request and returns a 2xx answer whole, its headers too.
    func exchange(_ method: String, _ path: String, bytes: [UInt8]?, contentType: String = "application/octet-stream",
                  timeout: Duration = requestTimeout) async throws -> HTTPResponse {
        let headers = bytes == nil ? [] : [HTTPHeader("Content-Type", contentType)]
        let request = HTTPRequest(method: method, url: "http://localhost" + path, headers: headers, body: bytes,
                                  connectTimeout: .seconds(5), timeout: timeout, unixSocketPath: socketPath)
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch let error as HTTPClientError {
            throw unreachable(error, waited: timeout)
        }
        let data = Data(response.body)
        guard (200..<300).contains(response.status) else {
            let detail = try? JSONCoding.decoder().decode(APIErrorBody.self, from: data).error
            let code: Int32 = switch response.status {
            case 400, 413, 422: ExitCodes.badInput
            case 404: ExitCodes.notFound
            case 409: ExitCodes.conflict
            default: ExitCodes.failure
            }
            throw CLIError(exitCode: code, message: detail.map { RefusalHintText.sentence($0.message, hint: $0.hint) } ?? "schedulerd answered HTTP \(response.status)", problems: detail?.problems ?? [])
        }
        return response
    }

    /// A long-lived `GET` whose body is handed to `chunk` as it arrives; returns when the daemon ends it.
    func stream(_ path: String, chunk: @escaping @Sendable ([UInt8]) -> Void) async throws -> Int {
        var request = HTTPRequest(url: "http://localhost" + path, connectTimeout: .seconds(5), timeout: .seconds(366 * 86_400),
                                  unixSocketPath: socketPath)
        request.streamBody = chunk
        do {
            return try await http.send(request).status
        } catch let error as HTTPClientError {
            throw unreachable(error)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do { return try JSONCoding.decoder().decode(T.self, from: data) } catch {
            throw CLIError(exitCode: ExitCodes.failure, message: "schedulerd answered something schedctl cannot read: \(error)")
        }
    }

    func get<T: Decodable>(_ path: String, as type: T.Type, timeout: Duration = requestTimeout) async throws -> (T, Data) {
        let data = Data(try await exchange("GET", path, bytes: nil, timeout: timeout).body)
        return (try decode(T.self, data), data)
    }

    /// A page of posts (`GET /v1/posts?…`) and the cursor of the next one, when there is more.
    func posts(_ query: String) async throws -> (posts: [PostView], data: Data, nextCursor: String?) {
        let response = try await exchange("GET", "/v1/posts?" + query, bytes: nil)
        let data = Data(response.body)
        return (try decode([PostView].self, data), data, response.header("Next-Cursor"))
    }
}
