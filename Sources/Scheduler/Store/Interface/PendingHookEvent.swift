import Foundation
import SchedulerCore

/// An event the hooks have not all accepted yet, with where its retries stand.
public struct PendingHookEvent: Sendable {
    public var id: Int64
    public var event: EventView
    /// Failed attempts so far.
    public var attempts: Int
    /// Not to be tried before then; nil: at once.
    public var nextAttemptAt: Date?
    /// Hooks that already accepted it.
    public var accepted: HookSet
    public var lastError: String?
}
