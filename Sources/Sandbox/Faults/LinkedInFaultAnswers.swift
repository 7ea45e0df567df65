#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// LinkedIn's faults: `{"status","serviceErrorCode","code","message"}` bodies; 429 with `Retry-After` in seconds.
struct LinkedInFaultAnswers: FaultAnswers {
    let oauth: OAuth2Authority

    func network(of request: Request) -> String { "linkedin" }

    func bearer(in request: Request, now: Date) async -> BearerFacts? {
        guard let token = request.bearerToken else { return nil }
        return await oauth.bearerFacts(token, now: now) ?? BearerFacts(token: token, refreshable: false)
    }

    func serverError(to request: Request) -> Response {
        let error = LinkedInError(status: 500, serviceErrorCode: 0, code: "INTERNAL_SERVER_ERROR", message: "Internal Server Error", reasonCode: "server_error")
        return Response.json(error, status: .internalServerError)
    }

    func resetInstant(after: Duration, now: Date) -> Date {
        now.addingTimeInterval(after.timeInterval.rounded(.up))
    }

    func rateLimited(_ request: Request, until resetAt: Date, now: Date) -> Response {
        let error = LinkedInError(
            status: 429, serviceErrorCode: 101, code: "TOO_MANY_REQUESTS",
            message: "Resource level throttle APPLICATION MINUTE limit for calls to this resource is reached.", reasonCode: "rate_limited"
        )
        var headers = HTTPFields()
        headers[.retryAfter] = String(Int((resetAt.timeIntervalSince(now)).rounded(.up)))
        return Response.json(error, status: .tooManyRequests, headers: headers)
    }

    func expiredToken(_ request: Request, expiredAt: Date, now: Date) -> FaultRefusal {
        let error = LinkedInError.expiredToken
        return FaultRefusal(response: Response.json(error, status: .unauthorized), status: error.status, reasonCode: error.reasonCode, reason: error.message)
    }
}
