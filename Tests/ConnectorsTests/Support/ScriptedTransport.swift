import Foundation
import HTTPClient
import Synchronization

/// A transport that answers from a script instead of a network, for failures a real server cannot be
/// made to produce on cue: the first rule whose method and URL fragment match decides.
struct ScriptedTransport: HTTPTransport {
    enum Answer: Sendable {
        case respond(Int, String)
        case respondWithHeaders(Int, String, [HTTPHeader])
        case fail(HTTPClientError)
    }

    struct Rule: Sendable {
        var method: String
        var fragment: String
        var answer: Answer
    }

    var rules: [Rule]

    init(_ rules: [(String, String, Answer)]) {
        self.rules = rules.map { Rule(method: $0.0, fragment: $0.1, answer: $0.2) }
    }

    /// Every request sent, in order, for tests that check what went out.
    let sent = SentRequests()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.append(request)
        guard let rule = rules.first(where: { $0.method == request.method && request.url.contains($0.fragment) }) else {
            return HTTPResponse(status: 404, headers: [], body: Array("no rule for \(request.method) \(request.url)".utf8), newConnections: 0)
        }
        switch rule.answer {
        case .respond(let status, let body): return HTTPResponse(status: status, headers: [], body: Array(body.utf8), newConnections: 0)
        case .respondWithHeaders(let status, let body, let headers):
            return HTTPResponse(status: status, headers: headers, body: Array(body.utf8), newConnections: 0)
        case .fail(let error): throw error
        }
    }

    /// An answer with headers.
    static func respond(_ status: Int, _ body: String, headers: [HTTPHeader]) -> Answer { .respondWithHeaders(status, body, headers) }

    /// A timeout after the request went out: it may have been received.
    static let timedOut = Answer.fail(HTTPClientError(code: .timedOut, message: "timed out", requestMayHaveBeenSent: true))
    /// A dropped connection after sending.
    static let dropped = Answer.fail(HTTPClientError(code: .connectionLost, message: "connection lost", requestMayHaveBeenSent: true))
    /// No connection at all: nothing was sent.
    static let refused = Answer.fail(HTTPClientError(code: .couldNotConnect, message: "refused", requestMayHaveBeenSent: false))
}

/// The requests a ``ScriptedTransport`` was sent.
final class SentRequests: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])

    func append(_ request: HTTPRequest) { requests.withLock { $0.append(request) } }

    var all: [HTTPRequest] { requests.withLock { $0 } }

    /// The body of the first request whose URL contains `fragment`, as text.
    func body(of fragment: String) -> String? {
        all.first { $0.url.contains(fragment) }.flatMap { $0.body.map { String(decoding: $0, as: UTF8.self) } }
    }
}
