import Foundation
import SchedulerCore

/// Posting slots per account, and the posts queued into them (`--next-slot`).
package protocol QueueStore: Sendable {
    /// The account's slots, or nil when it has none.
    func slots(accountID: Int64) async throws -> WeeklySlots?
    /// Replaces the account's slots (nil clears them) and moves queued posts that no longer fit, all in one
    /// transaction. A post whose due time or state changed since `retiming` was worked out is a conflict, and
    /// nothing is changed.
    func replaceSlots(accountID: Int64, with slots: WeeklySlots?, retiming: [QueueRetime], now: Date) async throws
    /// Queued posts still waiting for their time (every delivery `scheduled`) to any of `accountIDs` (every account
    /// when nil), due at or after `from`, earliest first.
    func queuedPosts(accountIDs: [Int64]?, from: Date) async throws -> [PostRecord]
    /// When each post still to go out to one of `accountIDs` is due, from `from` to `through` (inclusive), queued or
    /// not: a post given a time by hand or imported takes its slot as a queued one does. Read from the index of an
    /// account's deliveries by state and due time, never the whole table.
    func dueTimes(accountIDs: [Int64], from: Date, through: Date) async throws -> [AccountDueTime]
}

/// A post to an account due at a time: one minute the queue cannot give another post to that account.
package struct AccountDueTime: Sendable, Equatable {
    package var accountID: Int64
    package var dueAt: Date

    package init(accountID: Int64, dueAt: Date) { self.accountID = accountID; self.dueAt = dueAt }
}

/// A queued post moved to another slot because its own no longer is one.
package struct QueueRetime: Sendable, Equatable {
    package var postID: Int64
    /// Its due time when the move was worked out: if it changed meanwhile, the move is refused.
    package var from: Date
    package var to: ScheduleTime

    package init(postID: Int64, from: Date, to: ScheduleTime) {
        self.postID = postID; self.from = from; self.to = to
    }
}

/// Another post to one of the accounts took this slot first (two schedules at once): the queue tries the
/// next free slot. Thrown by the stores instead of a `StoreError`, so it is told apart by its type, not its wording.
package struct SlotTaken: Error, CustomStringConvertible {
    package var instant: Date
    package var description: String { "the slot at \(RFC3339.format(instant)) was just taken by another post" }
    package init(instant: Date) {
        self.instant = instant
    }
}
