import Foundation
import HTTPClient
import SchedulerCore

extension ThreadsAPI {
    /// One Graph-style call with the token as a bearer, its answer as JSON, or the error it means.
    func call(_ method: String, _ path: String, form: [(String, String)]? = nil, token: String,
              publishing: Bool = false) async throws(ConnectorError) -> JSONValue {
        var headers = [HTTPHeader("Authorization", "Bearer \(token)")]
        if form != nil { headers.append(HTTPHeader("Content-Type", "application/x-www-form-urlencoded")) }
        let response = try await transport.send(method, "\(graph)/v1.0\(path)", headers: headers, body: form.map(FormBody.encode),
                                                publishing: publishing)
        let answer = ConnectorTransport.json(response)
        guard (200..<300).contains(response.status) else { throw Self.error(response, answer: answer, publishing: publishing) }
        guard let answer else { throw Self.malformed(path, "the answer is not JSON") }
        return answer
    }

    /// Graph's error shape (`{"error": {"message", "code", "is_transient"}}`): 190 a token to renew or relink; 4, 17,
    /// 32 and 613 a rate limit; a transient error or a 5xx retried (a publish in doubt, resolved by the container's
    /// status); anything else a refusal of the post.
    static func error(_ response: HTTPResponse, answer: JSONValue?, publishing: Bool) -> ConnectorError {
        let body = answer?["error"]
        let message = body?["message"]?.stringValue ?? "HTTP \(response.status)"
        let code = body?["code"]?.integer
        var error = ConnectorError(code: .permanent, message: code.map { "\(message) (#\($0))" } ?? message, httpStatus: response.status)
        switch code {
        case 190?: error.code = .authFailure
        case 4?, 17?, 32?, 613?:
            // Threads announces no reset for its call limits (docs/research/threads.md): a minute's wait, then the next
            // try says whether access is back, rather than emptying the day's budget of posts.
            error.code = .rateLimited
            error.retryAt = Date().addingTimeInterval(60)
            error.rateLimit = RateLimitHint(scope: .account, remaining: 0, resetAt: error.retryAt)
        case 10?, 200?: error.code = .authFailure; error.lacksPermission = true
        case 9?:
            // The profile's quota of posts (or replies) for the moving day is spent: nothing was made; held back.
            error.code = .rateLimited
            error.message += "; held back until the quota allows, not failed"
            error.retryAt = Date().addingTimeInterval(15 * 60)
            error.rateLimit = RateLimitHint(scope: .account, remaining: 0, resetAt: error.retryAt)
        case 24?:
            // "Media Not Found": the container is not ready (or gone); nothing was published.
            error.code = .retryable
        default:
            if response.status == 429 {
                error.code = .rateLimited
            } else if response.status >= 500 || body?["is_transient"] == .bool(true) {
                error.code = publishing ? .uncertain : .retryable
            }
        }
        return error
    }

    static func id(_ answer: JSONValue, call: String) throws(ConnectorError) -> String {
        guard let id = answer["id"]?.text else { throw malformed(call, "no id") }
        return id
    }

    static func malformed(_ call: String, _ what: String) -> ConnectorError {
        ConnectorError(code: .retryable, message: "Threads' \(call) answered something unexpected: \(what)")
    }
}
