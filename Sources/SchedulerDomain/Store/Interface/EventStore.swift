import Foundation
import SchedulerCore

/// Events, written in the same transaction as the change they report, and the hooks' progress through them.
package protocol EventStore: Sendable {
    /// Fires after every transaction that stored an event, so the event bus never polls.
    var eventsCommitted: WakeSignal { get }
    /// Events after `id`, oldest first.
    func events(after id: Int64, limit: Int) async throws -> [EventRecord]
    /// The last `count` events, oldest first.
    func recentEvents(_ count: Int) async throws -> [EventRecord]
    func latestEventID() async throws -> Int64
    func markNotified(_ ids: [Int64]) async throws
    /// At start: events older than `before` that no hook accepted are not sent any more; events past `retention` are deleted.
    func settleOldEvents(before: Date, retention: TimeInterval, hooksConfigured: Bool, now: Date) async throws
    func markAllNotified() async throws
    /// Events the hooks still have to accept, oldest first.
    func pendingHookEvents(limit: Int) async throws -> [PendingHookEvent]
    /// A failed attempt: counted, with what already accepted it, the error (no secrets) and the next try.
    func recordHookFailure(id: Int64, accepted: HookSet, error: String, nextAttemptAt: Date) async throws
    /// No hook is told about this event any more; `status` counts it.
    func giveUpHooks(id: Int64) async throws
}

extension EventStore {
    package func settleOldEvents(before: Date, retention: TimeInterval, hooksConfigured: Bool) async throws {
        try await settleOldEvents(before: before, retention: retention, hooksConfigured: hooksConfigured, now: Date())
    }
}
