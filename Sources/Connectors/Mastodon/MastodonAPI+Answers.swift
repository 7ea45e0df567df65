import Foundation
import HTTPClient
import SchedulerCore

extension MastodonAPI {
    /// One call, its answer as JSON, or the error it means.
    func call(_ method: String, _ path: String, json: JSONValue? = nil, token: String?, headers extra: [HTTPHeader] = [],
              publishing: Bool = false) async throws(ConnectorError) -> JSONValue {
        var headers = [HTTPHeader("Accept", "application/json")] + extra
        if let token { headers.append(HTTPHeader("Authorization", "Bearer \(token)")) }
        var body: [UInt8]?
        if let json {
            body = Array((try? JSONEncoder().encode(json)) ?? Data())
            headers.append(HTTPHeader("Content-Type", "application/json"))
        }
        let response = try await transport.send(method, instance + path, headers: headers, body: body, publishing: publishing)
        let answer = ConnectorTransport.json(response)
        guard (200..<300).contains(response.status) else { throw Self.error(response, answer: answer, publishing: publishing) }
        guard let answer else { throw Self.malformed(path, "the answer is not JSON") }
        return answer
    }

    /// What an error answer (`{"error": …}`) means: a token to relink, a scope the token lacks, a rate limit with its
    /// reset, a refusal of the status itself, or, for a status sent, a doubt that the same key resolves.
    static func error(_ response: HTTPResponse, answer: JSONValue?, publishing: Bool) -> ConnectorError {
        let said = answer?["error"]?.stringValue ?? "HTTP \(response.status)"
        var error = ConnectorError(code: .permanent, message: said, httpStatus: response.status)
        switch response.status {
        case 429:
            error.code = .rateLimited
            error.retryAt = response.header("X-RateLimit-Reset").flatMap(Self.resetTime)
        case 401:
            error.code = .authFailure
        case 403 where said.contains("outside the authorized scopes"):
            error.code = .authFailure
            error.lacksPermission = true
        case 500...:
            // 503 also answers a resend while the first is still being made: the same key later gives its status.
            error.code = publishing ? .uncertain : .retryable
        default:
            break
        }
        return error
    }

    static func status(_ answer: JSONValue) throws(ConnectorError) -> PublishedStatus {
        guard let id = answer["id"]?.text else { throw malformed("status", "no id") }
        return PublishedStatus(id: id, url: answer["url"]?.stringValue, createdAt: answer["created_at"]?.stringValue)
    }

    static func malformed(_ call: String, _ what: String) -> ConnectorError {
        ConnectorError(code: .retryable, message: "Mastodon's \(call) answered something unexpected: \(what)")
    }

    /// `X-RateLimit-Reset`: an ISO 8601 time, with fractional seconds.
    static func resetTime(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
