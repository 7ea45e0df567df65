#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// What the fault injector needs to know about an OAuth 2.0 access token a request carries.
struct BearerFacts: Sendable {
    /// The token itself: only compared, never recorded or logged.
    var token: String
    /// Whom it acts for (user, member, Page), for the fault record.
    var account: String?
    /// Whether the account holds a refresh token that can replace it, so expiring it is survivable.
    var refreshable: Bool
}

/// How one network says that something went wrong, so injected faults look like the real thing.
///
/// Each emulated host has one (X, Graph for Facebook and Instagram, LinkedIn); the injector decides
/// when, the network's answers decide what the client sees.
protocol FaultAnswers: Sendable {
    /// The network a request is recorded under (`facebook` or `instagram` on the Graph host).
    func network(of request: Request) -> String
    /// The OAuth 2.0 access token `request` carries and what it stands for; `nil` without one.
    func bearer(in request: Request, now: Date) async -> BearerFacts?
    /// A 5xx answer in the network's error shape.
    func serverError(to request: Request) -> Response
    /// The reset the network can announce `after` from `now`, rounded up to what its headers can say.
    func resetInstant(after: Duration, now: Date) -> Date
    /// The network's throttling answer, promising access again at `resetAt`.
    func rateLimited(_ request: Request, until resetAt: Date, now: Date) -> Response
    /// The network's answer to an access token that expired at `expiredAt`.
    func expiredToken(_ request: Request, expiredAt: Date, now: Date) -> FaultRefusal
    /// Whether the network bills each call against the app's credits (X's pay-per-use), so they can run out.
    var billsPerUse: Bool { get }
    /// The network's answer when the app's pay-per-use credits are spent; nil where it does not bill per use.
    func creditsDepleted(_ request: Request) -> FaultRefusal?
}

extension FaultAnswers {
    var billsPerUse: Bool { false }
    func creditsDepleted(_ request: Request) -> FaultRefusal? { nil }
}

/// An error answer with what the rejected record says about it.
struct FaultRefusal: Sendable {
    var response: Response
    var status: Int
    var reasonCode: String
    var reason: String
}
