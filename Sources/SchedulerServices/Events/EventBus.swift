import Foundation
import Logging
import SchedulerCore
import SchedulerDomain
import ServiceLifecycle

/// Carries every stored event to the notification hooks and to `schedctl events --follow`.
///
/// The `event` table is the source of truth: a state change and its event commit together, and the
/// bus reads what was committed after a wake-up from the store (never polling). Hooks are told
/// at least once, even across a crash or an outage of the hook: `notified` is set only once every
/// configured hook accepted the event; until then it is retried, in order, with backoff (``HookRetryPolicy``),
/// and given up (logged, counted in `status`) a day after it happened. Followers get events live from the
/// moment they subscribe.
package final class EventBus: Service, Sendable {
    /// Most followers at once; each holds a connection open.
    package static let maxFollowers = 32

    package let store: any EventStore
    package let notifier: Notifier?
    package let retry: HookRetryPolicy
    package let logger: Logger
    private let followers = Followers()
    private let hooksWake = WakeSignal()
    private let followersWake = WakeSignal()

    package init(store: any EventStore, notifier: Notifier?, retry: HookRetryPolicy = HookRetryPolicy(), logger: Logger) {
        self.store = store
        self.notifier = notifier.flatMap { $0.configured.isEmpty ? nil : $0 }
        self.retry = retry
        self.logger = logger
    }

    package func run() async throws {
        let start = try await store.latestEventID()
        await followers.setCursor(start)
        if notifier == nil { try await store.markAllNotified() }
        // Shutdown cancels the loops (their waits end on cancellation) and ends every follower's stream;
        // events the hooks have not heard about yet stay unnotified and are sent after the next start.
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.relaySignals() }
                group.addTask { await self.pruneDaily() }
                group.addTask { await self.tellFollowers() }
                if self.notifier != nil { group.addTask { await self.tellHooks() } }
            }
        }
        await followers.finishAll()
    }

    /// A live stream of events after `after`, or nil when too many followers are connected. Events
    /// stored before the subscription are read from the store by the caller.
    package func follow() async -> (id: UUID, events: AsyncStream<EventView>)? {
        // With nobody following, the bus reads nothing; a first follower starts from what is stored now
        // (the route sends it everything before that from the store).
        let latest = (try? await store.latestEventID()) ?? 0
        return await followers.add(limit: Self.maxFollowers, startingAfter: latest)
    }

    package func unfollow(_ id: UUID) async {
        await followers.remove(id)
    }

    private func relaySignals() async {
        while !Task.isCancelled {
            await store.eventsCommitted.wait(until: nil)
            hooksWake.signal()
            followersWake.signal()
        }
    }

    /// Events older than 90 days are deleted at start and then once a day, so a daemon that runs for
    /// months keeps the same window.
    private func pruneDaily() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .seconds(86_400))
                try await store.settleOldEvents(before: Date().addingTimeInterval(-HookRetryPolicy.giveUpAfter), retention: Self.retention,
                                                hooksConfigured: notifier != nil)
            } catch is CancellationError {
                return
            } catch {
                logger.error("old events could not be pruned", metadata: ["error": "\(error)"])
            }
        }
    }

    /// How long events are kept.
    package static let retention: TimeInterval = 90 * 86_400

    private func tellFollowers() async {
        while !Task.isCancelled {
            if await followers.isEmpty {
                await followersWake.wait(until: nil)
                continue
            }
            do {
                let cursor = await followers.cursor
                let events = try await store.events(after: cursor, limit: 500)
                if let last = events.last?.id {
                    await followers.send(events.map(EventView.init), cursor: last)
                    if events.count == 500 { continue }
                }
            } catch {
                logger.error("events could not be read for followers", metadata: ["error": "\(error)"])
            }
            await followersWake.wait(until: nil)
        }
    }

    /// Tells the hooks every unnotified event, oldest first. An event a hook refuses holds back the ones after
    /// it (hooks hear about events in order) until its next try, which this waits for without polling; new
    /// events wake it but do not jump the queue. Nothing else in the daemon waits for the hooks.
    private func tellHooks() async {
        guard let notifier else { return }
        while !Task.isCancelled {
            var retryAt: Date?
            do {
                let pending = try await store.pendingHookEvents(limit: 100)
                for item in pending {
                    if let next = try await tell(item, notifier: notifier) {
                        retryAt = next
                        break
                    }
                    if Task.isCancelled { return }
                }
                if retryAt == nil, pending.count == 100 { continue }
            } catch {
                logger.error("events could not be read for the hooks", metadata: ["error": "\(error)"])
            }
            await hooksWake.wait(until: retryAt)
        }
    }

    /// Tells the hooks about one event, or gives it up. Returns when to come back to it, or nil when it is done.
    private func tell(_ item: PendingHookEvent, notifier: Notifier) async throws -> Date? {
        let giveUpAt = retry.giveUpAt(eventTime: item.event.at)
        let now = Date()
        if now >= giveUpAt {
            try await store.giveUpHooks(id: item.id)
            logger.error("no hook accepted the event within a day of it; given up", metadata: [
                "event": "\(item.event.event)", "event.id": "\(item.id)", "hook.attempts": "\(item.attempts)",
                "error": "\(item.lastError ?? "none recorded")",
            ])
            return nil
        }
        if let next = item.nextAttemptAt, next > now { return min(next, giveUpAt) }
        let outcome = await notifier.notify(EventView(item.event), alreadyAccepted: item.accepted)
        if outcome.accepted.isSuperset(of: notifier.configured) {
            try await store.markNotified([item.id])
            return nil
        }
        // Cut short by shutdown: not a failure of the hook; the next start sends it again.
        if Task.isCancelled { return nil }
        let next = min(Date().addingTimeInterval(retry.delay(afterFailures: item.attempts + 1)), giveUpAt)
        try await store.recordHookFailure(id: item.id, accepted: outcome.accepted, error: outcome.failures.joined(separator: "; "),
                                          nextAttemptAt: next)
        return next
    }
}

/// The connected followers and how far they have been sent.
private actor Followers {
    private var streams: [UUID: AsyncStream<EventView>.Continuation] = [:]
    private(set) var cursor: Int64 = 0
    private var finished = false

    func setCursor(_ id: Int64) { cursor = id }

    var isEmpty: Bool { streams.isEmpty }

    func add(limit: Int, startingAfter latest: Int64) -> (id: UUID, events: AsyncStream<EventView>)? {
        guard !finished, streams.count < limit else { return nil }
        if streams.isEmpty { cursor = max(cursor, latest) }
        let id = UUID()
        // A follower that reads too slowly loses the oldest events rather than the daemon's memory;
        // it can catch up from the store with `--since`.
        let (stream, continuation) = AsyncStream.makeStream(of: EventView.self, bufferingPolicy: .bufferingNewest(10_000))
        streams[id] = continuation
        return (id, stream)
    }

    func remove(_ id: UUID) { streams.removeValue(forKey: id)?.finish() }

    func send(_ events: [EventView], cursor: Int64) {
        self.cursor = cursor
        for continuation in streams.values { for event in events { continuation.yield(event) } }
    }

    func finishAll() {
        finished = true
        for continuation in streams.values { continuation.finish() }
        streams.removeAll()
    }
}
