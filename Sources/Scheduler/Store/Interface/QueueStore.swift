import Foundation
import SchedulerCore

/// Posting slots per account, and the posts queued into them (`--next-slot`).
public protocol QueueStore: Sendable {
    /// The account's slots, or nil when it has none.
    func slots(accountID: Int64) async throws -> WeeklySlots?
    /// Replaces the account's slots (nil clears them) and moves queued posts that no longer fit, all in one
    /// transaction. A post whose due time or state changed since `retiming` was worked out is a conflict, and
    /// nothing is changed.
    func replaceSlots(accountID: Int64, with slots: WeeklySlots?, retiming: [QueueRetime], now: Date) async throws
    /// Queued posts still waiting for their time (every delivery `scheduled`) to any of `accountIDs` (every account
    /// when nil), due at or after `from`, earliest first.
    func queuedPosts(accountIDs: [Int64]?, from: Date) async throws -> [PostView]
}

/// A queued post moved to another slot because its own no longer is one.
public struct QueueRetime: Sendable, Equatable {
    public var postID: Int64
    /// Its due time when the move was worked out: if it changed meanwhile, the move is refused.
    public var from: Date
    public var to: ScheduleTime

    public init(postID: Int64, from: Date, to: ScheduleTime) {
        self.postID = postID; self.from = from; self.to = to
    }
}

/// Another queued post to one of the accounts took this slot first (two schedules at once): the queue tries the
/// next free slot. Thrown by the stores instead of a `StoreError`, so it is told apart by its type, not its wording.
public struct SlotTaken: Error, CustomStringConvertible {
    public var instant: Date
    public var description: String { "the slot at \(RFC3339.format(instant)) was just taken by another queued post" }
}
