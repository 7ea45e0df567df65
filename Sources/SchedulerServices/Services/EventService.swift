import Foundation
import SchedulerCore
import SchedulerDomain

/// The event log as `schedctl events` reads it: a backlog from the store, and, with `--follow`, every new event as
/// the bus hears of it.
package struct EventService: Sendable {
    package let store: any EventStore
    /// nil: this daemon does not stream events.
    package let bus: EventBus?

    package init(store: any EventStore, bus: EventBus?) { self.store = store; self.bus = bus }

    /// The events after `after`, or the latest when nil, at most `limit`.
    package func events(after: Int64?, limit: Int) async throws -> [EventView] {
        if let after { return try await store.events(after: after, limit: limit).map(EventView.init) }
        return try await store.recentEvents(limit).map(EventView.init)
    }

    /// A subscription, then what was stored between the backlog and it: subscribing before reading what is new means
    /// nothing falls between the two. `end` must be called when the follower goes.
    package func follow(backlog: [EventView], after: Int64) async throws -> EventFollow {
        guard let bus else { throw RequestError(.unavailable, "this daemon does not stream events") }
        guard let (id, live) = await bus.follow() else {
            throw RequestError(.unavailable, "too many followers are connected (at most \(EventBus.maxFollowers))")
        }
        let caughtUp = max(after, backlog.last?.id ?? 0)
        let stored = backlog + (try await store.events(after: caughtUp, limit: 1_000).map(EventView.init))
        return EventFollow(stored: stored, caughtUp: caughtUp, live: live, end: { await bus.unfollow(id) })
    }
}

/// A follower's events: those stored, then the live ones newer than what was sent.
package struct EventFollow: Sendable {
    package let stored: [EventView]
    /// The last event id the backlog reached.
    package let caughtUp: Int64
    package let live: AsyncStream<EventView>
    package let end: @Sendable () async -> Void
}
