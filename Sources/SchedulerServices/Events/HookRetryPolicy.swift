import Foundation

/// When a hook that failed is tried again: 1 s, then doubling up to `maxDelay` (5 minutes unless
/// `[notifications] retry_max` says otherwise), until a day after the event. A hook that is down for an
/// hour still hears about everything within minutes of coming back; one down for longer than a day is
/// not sent day-old news (the event is given up, logged and counted in `status`).
package struct HookRetryPolicy: Sendable, Equatable {
    /// How long after an event its hooks are still tried; `settleOldEvents` uses the same bound at start.
    package static let giveUpAfter: TimeInterval = 86_400

    package var baseDelay: TimeInterval
    package var maxDelay: TimeInterval

    package init(baseDelay: TimeInterval = 1, maxDelay: TimeInterval = 300) {
        self.baseDelay = baseDelay
        self.maxDelay = max(baseDelay, maxDelay)
    }

    /// The wait after the `failures`-th failed attempt in a row (1 for the first).
    package func delay(afterFailures failures: Int) -> TimeInterval {
        let exponent = Double(min(max(failures - 1, 0), 30))
        return min(maxDelay, baseDelay * pow(2, exponent))
    }

    /// When hooks stop being tried for an event that happened at `eventTime`.
    package func giveUpAt(eventTime: Date) -> Date {
        eventTime.addingTimeInterval(Self.giveUpAfter)
    }
}
