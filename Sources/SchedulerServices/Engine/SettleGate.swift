import Foundation
import Synchronization

/// The waits before a look-up, held on the boot-time clock as well as the wall clock (issue 46).
///
/// A delivery in doubt is due for its look-up at a wall-clock time (``SettlingTimes``): a request's timeout and margin
/// after the request, a listing's lag after a look-up that found nothing. A wall clock stepped forward an hour made
/// that wait nothing: the look-up came before the request could land, found nothing, and the post could go out twice.
/// So the engine also keeps, for each doubt that arose in this process, when on the boot-time clock its wait began, and
/// a look-up waits until that much time has really passed. A doubt from before this process started began before it
/// did, so the same wait from the process's start is enough for it.
package final class SettleGate: Sendable {
    private struct Anchor {
        var began: ContinuousClock.Instant
        var wait: Duration
    }

    private let started: ContinuousClock.Instant
    private let anchors = Mutex<[Int64: Anchor]>([:])
    /// Doubts never settled here (a post cancelled meanwhile) are forgotten after this, when new ones are noted.
    package static let forgetAfter: Duration = .seconds(86_400)

    package init(started: ContinuousClock.Instant = .now) {
        self.started = started
    }

    /// A doubt about `deliveryID` began now: no look-up before `wait` has passed.
    package func doubtBegan(_ deliveryID: Int64, wait: TimeInterval, now: ContinuousClock.Instant = .now) {
        anchors.withLock { anchors in
            anchors[deliveryID] = Anchor(began: now, wait: .milliseconds(Int64(wait * 1_000)))
            if anchors.count > 1_024 { anchors = anchors.filter { now - $0.value.began < Self.forgetAfter } }
        }
    }

    /// The earliest a look-up of `deliveryID` may be made: its wait from when its doubt began here, or `wait` from this
    /// process's start for a doubt older than the process.
    package func earliestLookUp(_ deliveryID: Int64, otherwise wait: TimeInterval) -> ContinuousClock.Instant {
        anchors.withLock { $0[deliveryID] }.map { $0.began + $0.wait } ?? started + .milliseconds(Int64(wait * 1_000))
    }

    /// The look-up is being made: the doubt's wait is over.
    package func lookedUp(_ deliveryID: Int64) {
        _ = anchors.withLock { $0.removeValue(forKey: deliveryID) }
    }
}
