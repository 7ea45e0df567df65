#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// How the Threads host answers injected faults: Graph-shaped errors, throttling as code 4 (``ThreadsError/callLimitReached``)
/// with no usage header, since the Threads docs mention none (docs/research/threads.md §7), and an expired token as 190/463.
/// For the listener the lead engineer gives `graph.threads.net`; not used by anything yet.
struct ThreadsFaultAnswers: FaultAnswers {
    let oauth: OAuth2Authority

    func network(of request: Request) -> String {
        "threads"
    }

    func bearer(in request: Request, now: Date) async -> BearerFacts? {
        let queryToken = request.queryPairs?.first { $0.0 == "access_token" }?.1
        guard let token = queryToken ?? request.bearerToken else { return nil }
        return await oauth.bearerFacts(token, now: now) ?? BearerFacts(token: token, refreshable: false)
    }

    func serverError(to request: Request) -> Response {
        var error = ThreadsError("An unexpected error has occurred. Please retry your request later.", code: 2, isTransient: true, reasonCode: "server_error")
        error.status = 500
        return Response.json(error, status: .internalServerError)
    }

    /// Threads announces no reset, so the fault's own duration stands, in whole seconds.
    func resetInstant(after: Duration, now: Date) -> Date {
        now.addingTimeInterval(after.timeInterval.rounded(.up))
    }

    func rateLimited(_ request: Request, until resetAt: Date, now: Date) -> Response {
        let error = ThreadsError.callLimitReached
        return Response.json(error, status: .init(code: error.status))
    }

    func expiredToken(_ request: Request, expiredAt: Date, now: Date) -> FaultRefusal {
        let error = ThreadsError.expired(at: expiredAt, now: now)
        return FaultRefusal(response: Response.json(error, status: .init(code: error.status)), status: error.status, reasonCode: error.reasonCode,
                            reason: error.recordedReason)
    }
}
