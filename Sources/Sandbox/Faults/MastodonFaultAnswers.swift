#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird

/// An instance's faults: `{"error": …}` bodies; 429 "Too many requests" with `X-RateLimit-*`, its reset an ISO 8601
/// time. Mastodon's tokens do not expire, so no bearer is ever called refreshable and no expiry is injected.
struct MastodonFaultAnswers: FaultAnswers {
    let instance: MastodonSandboxNetwork

    func network(of request: Request) -> String { "mastodon" }

    func bearer(in request: Request, now: Date) async -> BearerFacts? {
        guard let token = request.bearerToken else { return nil }
        switch await instance.authority.validate(token, now: now) {
        case .success(let info): return BearerFacts(token: token, account: info.subject, refreshable: false)
        case .failure: return BearerFacts(token: token, refreshable: false)
        }
    }

    func serverError(to request: Request) -> Response {
        MastodonError(status: 500, error: "We're sorry, but something went wrong on our end.", reasonCode: "server_error").response()
    }

    func resetInstant(after: Duration, now: Date) -> Date {
        Date(timeIntervalSince1970: now.addingTimeInterval(after.timeInterval).timeIntervalSince1970.rounded(.up))
    }

    func rateLimited(_ request: Request, until resetAt: Date, now: Date) -> Response {
        var headers = HTTPFields()
        headers[HTTPField.Name("X-RateLimit-Limit")!] = "300"
        headers[HTTPField.Name("X-RateLimit-Remaining")!] = "0"
        headers[HTTPField.Name("X-RateLimit-Reset")!] = SandboxTimestamp.rfc3339(resetAt)
        return MastodonError.tooManyRequests("requests").response(headers: headers)
    }

    func expiredToken(_ request: Request, expiredAt: Date, now: Date) -> FaultRefusal {
        let error = MastodonError.invalidToken
        return FaultRefusal(response: error.response(), status: error.status, reasonCode: error.reasonCode, reason: error.error)
    }
}
