import Foundation
import SchedulerCore

/// What both stores say about drafts, worded once.
enum Drafts {
    /// A post row's `due_at` as the API shows it: 0 is a draft's, which has no time.
    static func dueAt(_ milliseconds: Int64) -> Date? {
        milliseconds == 0 ? nil : Date(unixMilliseconds: milliseconds)
    }

    static func hasNoTime(_ id: Int64) -> StoreError {
        StoreError(.conflict, "post \(id) is a draft and has no time to change; give it one with `schedctl schedule --post \(id) --at TIME`")
    }

    static func notADraft(_ id: Int64, state: String) -> StoreError {
        StoreError(.conflict, "post \(id) is not a draft (its deliveries are \(state)); `schedctl edit \(id) --at TIME` changes its time")
    }
}
