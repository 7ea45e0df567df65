import Foundation
import SchedulerCore

/// What the engine needs: due deliveries claimed before any request goes out, and every outcome recorded.
///
/// Several daemons may share one store (PostgreSQL): a claim belongs to the daemon that made it, and
/// every `record…` changes a delivery only while this daemon's claim on it stands, so a daemon that lost
/// its claim to a takeover cannot overwrite what the daemon that took it over does.
package protocol DeliveryStore: Sendable {
    /// The earliest time a waiting delivery to an active account is due, on this machine's clock.
    func nextDueTime() async throws -> Date?
    /// The first moment after `now` a waiting delivery that no claim takes (its account paused or needing relinking,
    /// its network or everything paused) passes its lateness limit, on this machine's clock: the engine wakes then, so
    /// the delivery is `missed` (with its event) when it is, not whenever something else wakes the engine (issue 25,
    /// bug 13). Nil when nothing is held.
    func nextHeldLatenessDeadline(after now: Date) async throws -> Date?
    /// Marks as `missed` what is past its lateness limit (raising a `missed` event for each), then claims up
    /// to `limit` due deliveries of active, unpaused accounts in the same transaction, durably, before any
    /// request is sent. A delivery whose last outcome is unknown is never marked missed unseen.
    ///
    /// `ahead`: deliveries coming due within this many seconds after `now` are claimed too (each claim's
    /// ``ClaimedDelivery/sendAt`` says when it may go out), so a steady stream of due posts is claimed in
    /// batches, one durable commit for many, instead of one commit per post at its due instant.
    func claimDue(now: Date, ahead: TimeInterval, limit: Int) async throws -> (claimed: [ClaimedDelivery], missed: Int)
    /// The key part `part` of the delivery is settled by (Bluesky's record key, Mastodon's `Idempotency-Key`, a Threads
    /// container), if one was stored, with the boot-time reading taken when it was.
    func publishKey(deliveryID: Int64, part: Int) async throws -> StoredPublishKey?
    /// Stores `key` for part `part`, durably, before the request that carries it is sent (replacing an earlier one: a
    /// Threads container that expired unpublished), with `stamp` (a ``MonotonicStamp``'s stored form) to measure its age
    /// by. False when this daemon no longer holds the claim: nothing may be sent.
    func storePublishKey(_ claim: ClaimedDelivery, part: Int, key: String, stamp: String, now: Date) async throws -> Bool
    /// `found` says the post was found on the network by a look-up rather than just published.
    func recordPublished(_ claim: ClaimedDelivery, attempt: AttemptRecord, remoteID: String, remoteURL: String?, found: Bool) async throws
    /// One part of a delivery in several parts is on the network (published, or found by a look-up): recorded before
    /// the next part is sent, so that after a crash or a lost answer the delivery continues after it and never
    /// sends it again. The delivery stays claimed. The part is a fact about the network, kept even if the claim was lost.
    func recordPartPublished(_ claim: ClaimedDelivery, part: PublishedPart, attempt: AttemptRecord) async throws
    /// Every part of a delivery in several parts is out: it becomes `published`, with the first part's id and URL.
    func recordAllPartsPublished(_ claim: ClaimedDelivery, at: Date) async throws
    /// The post (and any thread) is out but its first comment could not be made: the delivery is `published`, with
    /// the comment's failure as its error and an event; `retry` tries the comment alone.
    func recordCommentFailed(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws
    /// A look-up that found the post absent, before it is published again.
    func recordLookUp(_ claim: ClaimedDelivery, attempt: AttemptRecord) async throws
    /// Puts the delivery back in line for `nextAttempt`; `needsCheck`: look on the network first.
    func recordRetry(_ claim: ClaimedDelivery, attempt: AttemptRecord, nextAttempt: Date, error: String, needsCheck: Bool) async throws
    /// Ends the delivery as `failed`, `unknown` or `missed`, with an event.
    func recordFinalFailure(_ claim: ClaimedDelivery, attempt: AttemptRecord, state: DeliveryState, error: String) async throws
    /// Ends the delivery as `failed` with an event, as ``recordFinalFailure(_:attempt:state:error:)`` does, because the
    /// network refused the account's token a permission publishing needs: the account's run of such refusals grows by one
    /// (with `error` as its reason), in the same transaction. A publish, a link or an import of the account ends the run.
    func recordPermissionRefused(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws
    /// Sends claims back to wait, untouched, until their rate-limit budget allows them.
    func deferClaims(_ deferrals: [(claim: ClaimedDelivery, until: Date)], now: Date) async throws
    /// Gives a claim back untouched (shutdown before any request was sent).
    func releaseClaim(_ claim: ClaimedDelivery, now: Date) async throws
    /// Claims with no publish behind them go back in line, marked to be looked up first, no earlier than
    /// `lookUpAt`. `ids` nil means every claim a previous run of this daemon left (at start, when the state
    /// directory's lock proves that run is over); other daemons' claims are never touched here.
    func returnClaimsForChecking(_ ids: [Int64]?, now: Date, lookUpAt: Date, reason: String) async throws -> Int
    /// This daemon's claims still `publishing`, with when each was made.
    func publishingClaims() async throws -> [(id: Int64, claimedAt: Date)]
    /// Claims whose daemon stopped renewing its lease are taken over as a crash is: looked up on the network
    /// first, no earlier than `inFlightWindow` after the lease ran out (a request the daemon sent before
    /// then can no longer land). A store only one daemon uses has none.
    func takeOverAbandonedClaims(inFlightWindow: TimeInterval, reason: String) async throws -> Int
    /// Whether this daemon's claims are still surely its own (its lease was renewed recently): when not,
    /// no request is sent, since another daemon may be taking them over.
    var claimsAreHeld: Bool { get }
    /// A look-up found nothing, but the listing may lag: looked up once more at `lookAgainAt`; not counted as an attempt.
    func recordLookAgain(_ claim: ClaimedDelivery, attempt: AttemptRecord, lookAgainAt: Date, note: String) async throws
    /// The network refused the account's credentials: the account waits for a relink, the delivery stays in line.
    func recordNeedsRelink(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String, needsCheck: Bool) async throws
    /// The network refused this app as a whole: the delivery goes back untouched and the network is paused.
    func recordNetworkRefused(_ claim: ClaimedDelivery, attempt: AttemptRecord, reason: String, remedy: String?, needsCheck: Bool) async throws
    /// At start: networks paused because they refused this app are tried again. Returns them.
    func liftRefusalPausesAtStart() async throws -> [Network]
    /// Requests per account since `since` that published a post or may have (an answer in doubt, a claim interrupted), to
    /// seed the rate-limit budgets after a restart. A request in doubt keeps its share until a look-up finds the post
    /// absent and the engine gives the share back, whichever process made it.
    func recentPublishCounts(since: Date) async throws -> [(accountID: Int64, network: Network, count: Int)]
    /// The delivery is with the person now: it waits for `handoff done`, a reminder, then `expired`.
    func recordHandedOff(_ claim: ClaimedDelivery, attempt: AttemptRecord, bundle: String, remindAt: Date, expiresAt: Date,
                         event: EventRecord) async throws
    /// Handed-off deliveries whose reminder or expiry time has come, each fired once.
    func handoffFollowUps(now: Date) async throws -> [HandoffFollowUp]
    /// The next reminder or expiry of a handed-off delivery, on this machine's clock.
    func nextHandoffTime() async throws -> Date?
}

extension DeliveryStore {
    /// Claims only what is due at `now`.
    package func claimDue(now: Date, limit: Int) async throws -> (claimed: [ClaimedDelivery], missed: Int) {
        try await claimDue(now: now, ahead: 0, limit: limit)
    }

    package func recordPublished(_ claim: ClaimedDelivery, attempt: AttemptRecord, remoteID: String, remoteURL: String?) async throws {
        try await recordPublished(claim, attempt: attempt, remoteID: remoteID, remoteURL: remoteURL, found: false)
    }

    package func recordRetry(_ claim: ClaimedDelivery, attempt: AttemptRecord, nextAttempt: Date, error: String) async throws {
        try await recordRetry(claim, attempt: attempt, nextAttempt: nextAttempt, error: error, needsCheck: false)
    }

    package func deferClaims(_ deferrals: [(claim: ClaimedDelivery, until: Date)]) async throws { try await deferClaims(deferrals, now: Date()) }
    package func releaseClaim(_ claim: ClaimedDelivery) async throws { try await releaseClaim(claim, now: Date()) }

    package func returnClaimsForChecking(_ ids: [Int64]? = nil, lookUpAt: Date, reason: String) async throws -> Int {
        try await returnClaimsForChecking(ids, now: Date(), lookUpAt: lookUpAt, reason: reason)
    }

    package func recordNeedsRelink(_ claim: ClaimedDelivery, attempt: AttemptRecord, error: String) async throws {
        try await recordNeedsRelink(claim, attempt: attempt, error: error, needsCheck: false)
    }
}
