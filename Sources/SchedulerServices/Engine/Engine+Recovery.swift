import Foundation
import Logging
import SchedulerCore

extension Engine {
    /// At start (the state directory's lock says no other daemon is publishing): every claim left
    /// `publishing` was in flight when the last daemon stopped. None is looked up before a request it sent
    /// can no longer land: the request started before now, so from now + timeout + margin.
    package func returnInterruptedClaims() async throws {
        let now = now()
        let lookUpAt = settings.settling.firstLookUp(lastRequestStart: now)
        let count = try await store.returnClaimsForChecking(nil, now: now, lookUpAt: lookUpAt, reason: Self.interruptedNote(lookUpAt, "schedulerd stopped"))
        if count > 0 {
            logger.warning("deliveries interrupted by the last stop will be looked up on their networks before any retry", metadata: [
                "deliveries.count": "\(count)", "lookup.at": "\(RFC3339.format(lookUpAt))",
            ])
        }
    }

    /// While running: a `publishing` claim older than a request's timeout that no task here works on has
    /// lost its publish (it cannot happen by design; this is the safety net). It is handled as a crash is.
    /// Returns when to look again, if a claim with no task is too young to judge yet.
    package func returnOrphanedClaims() async throws -> Date? {
        let now = now()
        let timeout = settings.settling.requestTimeout
        let unheld = try await store.publishingClaims().filter { !inFlight.contains($0.id) }
        let orphans = unheld.filter { $0.claimedAt.addingTimeInterval(timeout) <= now }.map(\.id)
        if !orphans.isEmpty {
            let lookUpAt = settings.settling.firstLookUp(lastRequestStart: now)
            for orphan in orphans { settleGate.doubtBegan(orphan, wait: settings.settling.requestTimeout + settings.settling.inFlightMargin) }
            let count = try await store.returnClaimsForChecking(orphans, now: now, lookUpAt: lookUpAt,
                                                                reason: Self.interruptedNote(lookUpAt, "its publish was lost track of"))
            logger.error("claims with no publish behind them will be looked up on their networks before any retry", metadata: [
                "deliveries.count": "\(count)", "lookup.at": "\(RFC3339.format(lookUpAt))",
            ])
        }
        return unheld.filter { $0.claimedAt.addingTimeInterval(timeout) > now }.map { $0.claimedAt.addingTimeInterval(timeout) }.min()
    }

    /// Several daemons on one store: claims of a daemon that stopped renewing its lease (it died, or lost the
    /// database) are taken over as after a crash. That daemon sent nothing after its lease ran out (see
    /// ``DeliveryStore/claimsAreHeld``), so a request of its can land until the lease's end plus a request's
    /// timeout and the margin; only then are the claims looked up, never sent blind.
    package func takeOverAbandonedClaims() async throws {
        let window = settings.settling.requestTimeout + settings.settling.inFlightMargin
        let count = try await store.takeOverAbandonedClaims(
            inFlightWindow: window, reason: "the daemon publishing this stopped renewing its lease; its network is looked at "
                + "when a request it sent can no longer land, before anything is sent again")
        if count > 0 {
            logger.warning("claims of a daemon that stopped renewing its lease were taken over; they are looked up before any retry",
                           metadata: ["deliveries.count": "\(count)", "lookup.after_s": "\(window)"])
        }
    }

    package static func interruptedNote(_ lookUpAt: Date, _ cause: String) -> String {
        "\(cause) while this was being published; its network is looked at from \(RFC3339.format(lookUpAt)), "
            + "when a request still in flight can no longer land, before anything is sent again"
    }
}
