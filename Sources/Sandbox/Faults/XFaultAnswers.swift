#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// X's faults: problem-details JSON; 429 with `x-rate-limit-*` headers whose reset is a whole Unix second.
struct XFaultAnswers: FaultAnswers {
    /// The authorization server whose tokens `Authorization: Bearer` carries (OAuth 1.0a tokens never expire).
    let oauth: OAuth2Authority
    /// What `x-rate-limit-limit` says: `POST /2/tweets` allows 100 per user per 15 minutes.
    static let windowLimit = 100

    func network(of request: Request) -> String { "x" }

    func bearer(in request: Request, now: Date) async -> BearerFacts? {
        guard let token = request.bearerToken else { return nil }
        return await oauth.bearerFacts(token, now: now) ?? BearerFacts(token: token, refreshable: false)
    }

    func serverError(to request: Request) -> Response {
        let problem = XProblem(title: "Service Unavailable", detail: "Service Unavailable", type: "about:blank", status: 503, reasonCode: "server_error")
        return Response.json(problem, status: .serviceUnavailable)
    }

    func resetInstant(after: Duration, now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + after.timeInterval).rounded(.up))
    }

    func rateLimited(_ request: Request, until resetAt: Date, now: Date) -> Response {
        let status = RateLimitStatus(limit: Self.windowLimit, remaining: 0, reset: Int(resetAt.timeIntervalSince1970), allowed: false)
        return Response.json(XProblem.tooManyRequests, status: .tooManyRequests, headers: status.headers)
    }

    /// X's pay-per-use bills every call against the app's credits.
    var billsPerUse: Bool { true }

    /// 402 with X's `credits-depleted` problem: the app, not the post.
    func creditsDepleted(_ request: Request) -> FaultRefusal? {
        let problem = XProblem.creditsDepleted
        return FaultRefusal(response: Response.json(problem, status: .init(code: 402)), status: 402, reasonCode: problem.reasonCode, reason: problem.detail)
    }

    func expiredToken(_ request: Request, expiredAt: Date, now: Date) -> FaultRefusal {
        let reason = "The access token expired at \(SandboxTimestamp.rfc3339(expiredAt))."
        let problem = XProblem.unauthorized(reason: reason, reasonCode: "expired_token")
        return FaultRefusal(response: Response.json(problem, status: .unauthorized), status: 401, reasonCode: "expired_token", reason: reason)
    }
}
