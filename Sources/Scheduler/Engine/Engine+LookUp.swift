import Connectors
import Foundation
import SchedulerCore

extension Engine {
    /// What the network's record says about a delivery whose earlier outcome is unknown.
    enum LookUpResult {
        /// Found, or the look-up failed: the outcome to record, with no publish attempt.
        case settled(Outcome)
        /// Definitely not there: safe to publish. The look-up is kept for `history`.
        case absent(AttemptRecord)
    }

    /// Looks for the post in the account's recent posts, from the first time it could have gone out.
    /// A look-up that fails for now (5xx, rate limit, lost connection) is tried again later, still before
    /// any publish; one the network cannot answer at all leaves the delivery `unknown` for a person.
    func lookUp(_ claim: ClaimedDelivery) async -> LookUpResult {
        let started = now()
        guard let connector = connectors[claim.network] else {
            return .settled(.uncheckable(ConnectorError(code: .permanent, message: "no \(claim.network.displayName) connector is configured"),
                                         AttemptRecord(startedAt: started, finishedAt: started, httpStatus: nil, outcome: "lookup", errorClass: "permanent")))
        }
        do {
            let found = try await withCredentials(claim) { credentials throws(ConnectorError) in
                try await connector.findPublished(request(claim), since: claim.firstClaimedAt, credentials: credentials)
            }
            guard let found else { return .absent(AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: 200, outcome: "not_found")) }
            return .settled(.found(found, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: found.httpStatus, outcome: "found")))
        } catch {
            switch error.code {
            case .retryable, .rateLimited, .uncertain, .authFailure, .appBlocked:
                return .settled(failure(error, started, outcome: "lookup"))
            default:
                return .settled(.uncheckable(error, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: error.httpStatus,
                                                                  outcome: "lookup", errorClass: error.code.description, excerpt: error.excerpt)))
            }
        }
    }
}
