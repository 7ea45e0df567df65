/// When a store's `claimDue` last marked the deliveries past their lateness limit `missed`, and whether its last claim
/// took all it could.
///
/// That sweep visits every waiting delivery that is due. A claim never takes one past its limit anyway, so while
/// claims come back full (a burst of thousands due at once) the sweep runs once a second instead of for every claim,
/// which made a burst's claims cost the square of its size.
package struct MissedSweep {
    package var at: Int64?
    package var lastClaimFull = false

    /// Whether a claim at `now` (Unix milliseconds) sweeps first, noting it if so: always, unless the last claim was full
    /// and a sweep ran less than a second ago.
    package mutating func due(now: Int64) -> Bool {
        if lastClaimFull, let at, now - at < 1_000 { return false }
        at = now
        return true
    }
    package init(at: Int64? = nil, lastClaimFull: Bool = false) {
        self.at = at
        self.lastClaimFull = lastClaimFull
    }
}
