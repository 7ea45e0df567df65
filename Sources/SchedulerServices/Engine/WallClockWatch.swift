import Foundation
import Logging
import SchedulerCore
import SchedulerDomain
import Synchronization

/// Notices a step of the wall clock (an NTP correction, `date -s`, a virtual machine resumed with a stale clock) by
/// comparing how far the wall clock and the boot-time clock have moved since the daemon started, and logs each step
/// larger than ``threshold`` once, with what it does to posts (issue 46; docs/guarantees.md, "When the clock steps").
/// The engine asks at every turn, and turns at least once a minute.
package final class WallClockWatch: Sendable {
    /// Smaller differences are NTP's slewing and the readings' own jitter.
    package static let threshold: TimeInterval = 2

    private struct Reference {
        var wall: Date
        var boot: MonotonicStamp
        /// The wall clock's offset from the boot-time clock already reported (0 at start).
        var reported: TimeInterval = 0
    }

    private let reference: Mutex<Reference>
    private let logger: Logger

    package init(wall: Date, logger: Logger) {
        reference = Mutex(Reference(wall: wall, boot: .now()))
        self.logger = logger
    }

    /// The step since the last one reported, when it is larger than ``threshold`` (logged once); nil otherwise.
    @discardableResult
    package func check(wall: Date, boot: MonotonicStamp = .now()) -> TimeInterval? {
        let step: TimeInterval? = reference.withLock { reference in
            guard let elapsed = reference.boot.seconds(until: boot) else { return nil }
            let offset = wall.timeIntervalSince(reference.wall) - elapsed
            let step = offset - reference.reported
            guard abs(step) > Self.threshold else { return nil }
            reference.reported = offset
            return step
        }
        guard let step else { return nil }
        let forward = step > 0
        let effect = forward ? "posts due in the skipped time are due now (those past their lateness limit become missed)"
            : "posts due in the repeated time wait for it to come round again (none already out goes again)"
        logger.warning(
            "the wall clock stepped \(forward ? "forward" : "back") by \(Int(abs(step).rounded())) s; due times are wall-clock times, so \(effect); waits before a look-up and the age of publish keys are measured on the boot-time clock, which did not move",
            metadata: ["clock.step_s": "\(String(format: "%.1f", step))", "clock.now": "\(RFC3339.format(wall))"])
        return step
    }
}
