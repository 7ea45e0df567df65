import Foundation
import SchedulerCore

/// An event the hooks have not all accepted yet, with where its retries stand.
package struct PendingHookEvent: Sendable {
    package var id: Int64
    package var event: EventRecord
    /// Failed attempts so far.
    package var attempts: Int
    /// Not to be tried before then; nil: at once.
    package var nextAttemptAt: Date?
    /// Hooks that already accepted it.
    package var accepted: HookSet
    package var lastError: String?
    package init(id: Int64, event: EventRecord, attempts: Int, nextAttemptAt: Date? = nil, accepted: HookSet, lastError: String? = nil) {
        self.id = id
        self.event = event
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.accepted = accepted
        self.lastError = lastError
    }
}
