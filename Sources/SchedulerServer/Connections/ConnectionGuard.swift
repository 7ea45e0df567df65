import CoreMetrics
import Logging
import SchedulerServices
import Synchronization

/// One listener's connections, held to its ``ConnectionLimits`` and to the daemon's ``DescriptorBudget``.
///
/// Each connection is admitted when it opens (``admit(peer:close:)``), marked busy while a request is in flight and
/// waiting otherwise. When a limit is reached, the connection that has waited longest for a request head is closed to
/// make room; only when none is waiting is the new connection refused. What was refused or closed is counted and
/// logged: at once the first time, then once per ``logInterval`` while it goes on.
package final class ConnectionGuard: Sendable {
    /// Why a connection was closed by this guard rather than by its client.
    package enum Drop: String, CaseIterable, Sendable {
        /// Refused on arrival: the listener held its limit of busy connections.
        case listenerFull = "listener_full"
        /// Not served on arrival (held until the header deadline, or refused): its address (or process, on the control
        /// socket) had its limit of connections.
        case peerFull = "peer_full"
        /// Refused on arrival: the descriptors kept for connections were all in use.
        case descriptors
        /// Closed to make room: it had waited longest for a request head when a limit was reached.
        case evicted
        /// Closed: no complete request head within the header deadline.
        case headerDeadline = "header_deadline"
    }

    private struct Entry {
        let peer: String?
        /// Since when it waits for a request head; nil while a request is in flight.
        var waitingSince: ContinuousClock.Instant?
        let close: @Sendable () -> Void
    }

    /// A connection held unread and unserved (see ``Admission/hold(_:)``).
    private struct Held {
        let since: ContinuousClock.Instant
        let close: @Sendable () -> Void
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var held: [UInt64: Held] = [:]
        var nextID: UInt64 = 0
        var droppedSinceLog: [Drop: Int] = [:]
        var lastLog: ContinuousClock.Instant?
    }

    /// How the listener is named in logs and metrics: `control`, `web`, `metrics`.
    package let listener: String
    package let limits: ConnectionLimits
    package let descriptors: DescriptorBudget
    package let logger: Logger
    /// `schedulerd_connections_dropped_total{listener, reason}`, one counter per reason, made once.
    private let dropCounters: [Drop: Counter]
    package static let logInterval: Duration = .seconds(30)
    private let state = Mutex(State())

    /// `factory` nil: the process's bootstrapped one (Prometheus when `[metrics] listen` is set).
    package init(listener: String, limits: ConnectionLimits, descriptors: DescriptorBudget, logger: Logger, factory: (any MetricsFactory)? = nil) {
        self.listener = listener
        self.limits = limits
        self.descriptors = descriptors
        self.logger = logger
        let factory = factory ?? MetricsSystem.factory
        dropCounters = Dictionary(uniqueKeysWithValues: Drop.allCases.map {
            ($0, Counter(label: SchedulerMetrics.Name.connectionsDropped, dimensions: [("listener", listener), ("reason", $0.rawValue)],
                         factory: factory))
        })
    }

    /// What becomes of a new connection.
    package enum Admission: Equatable {
        /// Served: its HTTP parser is set up, and its place kept until it closes.
        case serve(UInt64)
        /// Held unread and unserved until the header deadline, then closed: its peer is at its limit. A storm's client
        /// whose connection is held does not come back with another at once, so fewer of its connections queue in the
        /// kernel ahead of a person's; held ones make way for any connection that is served.
        case hold(UInt64)
        /// Closed at once.
        case refuse
    }

    /// Admits a new connection from `peer` (an IP address, or a process on the Unix socket), making room when a limit is
    /// reached.
    ///
    /// A peer at its own limit is not served: its connection is held while descriptors are plentiful, refused
    /// otherwise (no HTTP parser is set up for either; see ``GuardedHTTP1Channel``). At the listener's limits, room is
    /// made first by closing a held connection, then at the expense of the peer holding the most connections: its
    /// connection that has waited longest for a request head is closed. A client that opens one connection and sends its
    /// request at once is never the one closed for a storm of others.
    package func admit(peer: String?, close: @escaping @Sendable () -> Void, now: ContinuousClock.Instant = .now) -> Admission {
        var evicted: [@Sendable () -> Void] = []
        var closedHeld: [@Sendable () -> Void] = []
        enum Outcome { case served(UInt64), held(UInt64), refused(Drop) }
        let outcome: Outcome = state.withLock { state in
            if let perPeer = limits.perPeer, let peer, state.entries.values.count(where: { $0.peer == peer }) >= perPeer {
                guard state.held.count < limits.connections * Self.heldPerServed, descriptors.plentiful, descriptors.take() else {
                    return .refused(.peerFull)
                }
                state.nextID += 1
                state.held[state.nextID] = Held(since: now, close: close)
                return .held(state.nextID)
            }
            if state.entries.values.count(where: { $0.waitingSince != nil }) >= limits.waitingForHeaders,
               let closed = evictOldestWaiting(&state, from: largestWaitingPeer(state)) {
                evicted.append(closed)
            }
            while state.entries.count >= limits.connections || !descriptors.take() {
                if state.entries.count < limits.connections, let oldest = state.held.min(by: { $0.value.since < $1.value.since }) {
                    releaseHeld(&state, oldest.key)
                    closedHeld.append(oldest.value.close)
                    continue
                }
                guard let closed = evictOldestWaiting(&state, from: largestWaitingPeer(state)) else {
                    return .refused(state.entries.count >= limits.connections ? .listenerFull : .descriptors)
                }
                evicted.append(closed)
            }
            state.nextID += 1
            state.entries[state.nextID] = Entry(peer: peer, waitingSince: now, close: close)
            return .served(state.nextID)
        }
        closedHeld.forEach { $0() }
        for close in evicted {
            close()
            count(.evicted, now: now)
        }
        switch outcome {
        case .served(let id): return .serve(id)
        case .held(let id):
            count(.peerFull, now: now)
            return .hold(id)
        case .refused(let drop):
            count(drop, now: now)
            return .refuse
        }
    }

    /// Held connections, at most this many times the listener's limit of served ones.
    package static let heldPerServed = 16

    /// The header deadline of held connection `id` came: it is closed (if it was not closed to make room before).
    package func heldDeadlinePassed(_ id: UInt64) {
        let close: (@Sendable () -> Void)? = state.withLock { state in
            guard let held = state.held[id] else { return nil }
            releaseHeld(&state, id)
            return held.close
        }
        close?()
    }

    /// A request head arrived: the connection is busy until its answer ends.
    package func requestBegan(_ id: UInt64) {
        state.withLock { $0.entries[id]?.waitingSince = nil }
    }

    /// The answer ended: the connection waits for its next request head, from now.
    package func requestEnded(_ id: UInt64, now: ContinuousClock.Instant = .now) {
        state.withLock { $0.entries[id]?.waitingSince = now }
    }

    /// The header deadline of connection `id` came: closes it if it has waited that long for a request head.
    package func deadlinePassed(_ id: UInt64, now: ContinuousClock.Instant = .now) {
        let close: (@Sendable () -> Void)? = state.withLock { state in
            guard let entry = state.entries[id], let since = entry.waitingSince, now - since >= limits.headerDeadline else { return nil }
            release(&state, id)
            return entry.close
        }
        guard let close else { return }
        close()
        count(.headerDeadline, now: now)
    }

    /// The connection closed (by either side). Safe to call more than once.
    package func closed(_ id: UInt64) {
        state.withLock { release(&$0, id) }
    }

    /// Connections served now, how many of them wait for a request head, and how many are held unserved.
    package var counts: (served: Int, waiting: Int, held: Int) {
        state.withLock { ($0.entries.count, $0.entries.values.count(where: { $0.waitingSince != nil }), $0.held.count) }
    }

    private func release(_ state: inout State, _ id: UInt64) {
        if state.entries.removeValue(forKey: id) != nil { descriptors.give() }
    }

    private func releaseHeld(_ state: inout State, _ id: UInt64) {
        if state.held.removeValue(forKey: id) != nil { descriptors.give() }
    }

    /// Of the peers with a connection waiting for a request head, the one holding the most connections (`.some(nil)` for
    /// connections whose peer is not known); nil when none waits.
    private func largestWaitingPeer(_ state: State) -> String?? {
        var held: [String?: (all: Int, waiting: Int)] = [:]
        for entry in state.entries.values {
            held[entry.peer, default: (0, 0)].all += 1
            if entry.waitingSince != nil { held[entry.peer, default: (0, 0)].waiting += 1 }
        }
        return held.filter { $0.value.waiting > 0 }.max(by: { $0.value.all < $1.value.all })?.key
    }

    /// Removes the connection from `peer` that has waited longest for a request head, giving back its descriptor; returns
    /// how to close it, or nil when none of that peer's waits (or `peer` is nil: no peer has one waiting).
    private func evictOldestWaiting(_ state: inout State, from peer: String??) -> (@Sendable () -> Void)? {
        guard let peer else { return nil }
        let candidates = state.entries.filter { $0.value.waitingSince != nil && $0.value.peer == peer }
        guard let oldest = candidates.min(by: { $0.value.waitingSince! < $1.value.waitingSince! }) else { return nil }
        release(&state, oldest.key)
        return oldest.value.close
    }

    /// Counts a drop for the metrics, and logs what was dropped: the first at once, then at most once per interval.
    private func count(_ drop: Drop, now: ContinuousClock.Instant) {
        dropCounters[drop]?.increment()
        let summary: [Drop: Int]? = state.withLock { state in
            state.droppedSinceLog[drop, default: 0] += 1
            if let last = state.lastLog, now - last < Self.logInterval { return nil }
            defer { state.droppedSinceLog = [:]; state.lastLog = now }
            return state.droppedSinceLog
        }
        guard let summary else { return }
        logger.warning("connections refused or closed to keep the \(listener) listener answering", metadata: [
            "listener": "\(listener)",
            "dropped": "\(Self.describe(summary, limits))",
            "limits": "\(limits.connections) connections, \(limits.perPeer.map { "\($0) per peer, " } ?? "")\(limits.waitingForHeaders) waiting for a request, a request head within \(limits.headerDeadline)",
        ])
    }

    package static func describe(_ drops: [Drop: Int], _ limits: ConnectionLimits) -> String {
        Drop.allCases.compactMap { drop in
            guard let count = drops[drop] else { return nil }
            return switch drop {
            case .listenerFull: "\(count) refused (\(limits.connections) busy connections)"
            case .peerFull: "\(count) not served (\(limits.perPeer ?? 0) connections from one peer; held unread until the deadline, or refused)"
            case .descriptors: "\(count) refused (the descriptors kept for connections were in use)"
            case .evicted: "\(count) closed to make room (waiting longest for a request head)"
            case .headerDeadline: "\(count) closed (no request head within \(limits.headerDeadline))"
            }
        }.joined(separator: ", ")
    }
}
