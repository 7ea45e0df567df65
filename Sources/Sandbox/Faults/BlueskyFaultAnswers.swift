#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// A PDS's faults: XRPC error bodies (`{"error","message"}`); 429 `RateLimitExceeded` with the `ratelimit-*` headers,
/// whose reset is in Unix seconds; an expired access token is 400 `ExpiredToken`.
struct BlueskyFaultAnswers: FaultAnswers {
    let accounts: BlueskyAccountStore

    func network(of request: Request) -> String { "bluesky" }

    func bearer(in request: Request, now: Date) async -> BearerFacts? {
        guard let token = request.bearerToken else { return nil }
        return await accounts.bearerFacts(token) ?? BearerFacts(token: token, refreshable: false)
    }

    func serverError(to request: Request) -> Response {
        XRPCError.internalServerError.response()
    }

    func resetInstant(after: Duration, now: Date) -> Date {
        Date(timeIntervalSince1970: now.addingTimeInterval(after.timeInterval).timeIntervalSince1970.rounded(.up))
    }

    func rateLimited(_ request: Request, until resetAt: Date, now: Date) -> Response {
        let status = BlueskyRateLimitStatus(limit: BlueskyRateLimit.writesPerHour.points, remaining: 0,
                                            reset: Int(resetAt.timeIntervalSince1970.rounded(.up)), window: 3_600, allowed: false)
        return XRPCError.rateLimited.response(headers: status.headers(now: now))
    }

    func expiredToken(_ request: Request, expiredAt: Date, now: Date) -> FaultRefusal {
        let error = XRPCError.expiredToken
        return FaultRefusal(response: error.response(), status: error.status, reasonCode: error.error, reason: error.message)
    }
}
