import Connectors
import Foundation
import SchedulerCore
import SchedulerDomain

extension Engine {
    /// What the network's record says about a delivery whose earlier outcome is unknown.
    package enum LookUpResult {
        /// Found, or the look-up failed: the outcome to record, with no publish attempt.
        case settled(Outcome)
        /// Not in the listing: safe to publish once a second look after the listing lag finds nothing too. The look-up
        /// is kept for `history`.
        case absent(AttemptRecord)
        /// The network's key settles it (a keyed network): safe to publish again at once, with the same key.
        case safeToSend(AttemptRecord)
    }

    /// Looks for the post in the account's recent posts, from the first time it could have gone out.
    /// A look-up that fails for now (5xx, rate limit, lost connection) is tried again later, still before
    /// any publish; one the network cannot answer at all leaves the delivery `unknown` for a person.
    /// With `part`, looks for that part of a post in several parts (see ``Engine/find(part:of:through:credentials:)``).
    package func lookUp(_ claim: ClaimedDelivery, part: Int? = nil) async -> LookUpResult {
        let started = now()
        guard let connector = connectors[claim.network] else {
            return .settled(.uncheckable(ConnectorError(code: .permanent, message: "no \(claim.network.displayName) connector is configured"),
                                         AttemptRecord(startedAt: started, finishedAt: started, httpStatus: nil, outcome: "lookup", errorClass: "permanent",
                                                       part: part)))
        }
        do {
            if let keyed = connector as? any KeyedPublishing {
                let settled = try await withCredentials(claim) { credentials throws(ConnectorError) in
                    try await settleByKey(claim, part: part ?? 1, through: keyed, credentials: credentials)
                }
                return looked(settled, claim, started, part: part)
            }
            let found = try await withCredentials(claim) { credentials throws(ConnectorError) in
                if let part { return try await find(part: part, of: claim, through: connector, credentials: credentials) }
                return try await connector.findPublished(request(claim), since: claim.firstClaimedAt, credentials: credentials)
            }
            guard let found else { return .absent(AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: 200, outcome: "not_found", part: part)) }
            if claim.lookedUpOnce {
                logger.notice("delivery found on the network after its listing lag", metadata: ["delivery.id": "\(claim.deliveryID)",
                                                                                                "account.network": "\(claim.network)"])
            }
            return .settled(.found(found, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: found.httpStatus, outcome: "found", part: part)))
        } catch {
            switch error.code {
            case .retryable, .rateLimited, .uncertain, .authFailure, .appBlocked:
                return .settled(failure(error, started, outcome: "lookup", part: part))
            default:
                return .settled(.uncheckable(error, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: error.httpStatus,
                                                                  outcome: "lookup", errorClass: error.code.description, excerpt: error.excerpt,
                                                                  part: part)))
            }
        }
    }

    /// Past the lateness limit nothing is sent, even with a key: a part the key would let go again is `missed` only as a
    /// part not listed is, after a second look across the listing lag (a Mastodon status may be out but not listed yet).
    package func lateAsAbsent(_ result: LookUpResult, _ claim: ClaimedDelivery) -> LookUpResult {
        if case .safeToSend(let checked) = result, now() > claim.deadline { return .absent(checked) }
        return result
    }

    /// A keyed network's answer as a look-up's result.
    private func looked(_ settled: KeyedLookUp, _ claim: ClaimedDelivery, _ started: Date, part: Int?) -> LookUpResult {
        switch settled {
        case .found(let post):
            .settled(.found(post, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: post.httpStatus, outcome: "found", part: part)))
        case .sendAgain: .safeToSend(AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: 200, outcome: "not_found", part: part))
        case .notListed: .absent(AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: 200, outcome: "not_found", part: part))
        }
    }

    /// The first look-up since the last request found nothing, but the network's listing may not show the
    /// post yet: nothing is sent until a second look-up, after the listing lag, finds nothing too.
    /// `reserved`: a unit of the account's budget was taken for the request, and is given back (nothing was sent).
    package func lookAgainAfterTheListingLag(_ claim: ClaimedDelivery, _ checked: AttemptRecord, reserved: Bool = true) async {
        if reserved { await budget.refund(accountID: claim.accountID, network: claim.network) }
        let again = settings.settling.secondLookUp(after: checked.finishedAt)
        settleGate.doubtBegan(claim.deliveryID, wait: settings.settling.listingLag)
        let note = "not on \(claim.network.displayName) at \(RFC3339.format(checked.finishedAt)); looked up again at \(RFC3339.format(again)), "
            + "since its listing can lag, before anything is sent again"
        await record { try await self.store.recordLookAgain(claim, attempt: checked, lookAgainAt: again, note: note) }
        logger.info("delivery not listed on the network yet; looking again after the listing lag", metadata: [
            "delivery.id": "\(claim.deliveryID)", "account.network": "\(claim.network)", "lookup.at": "\(RFC3339.format(again))",
        ])
    }
}
