import Foundation
import SchedulerServices
import Synchronization

/// How many descriptors the daemon's listeners may hold for client connections, all listeners together.
///
/// The rest of the process needs descriptors too, and needs them most when connections pile up: SQLite opens its
/// files per connection, libcurl a socket per request to a network (and its resolver a pair per look-up), a hook a
/// pipe per run, libdispatch a file in /proc now and then (it traps when it cannot: issue 46). So the listeners get
/// what is left of the limit after what was open at start and ``reserve``; a connection beyond that is refused, never
/// a publish or a store write.
package final class DescriptorBudget: Sendable {
    /// Kept for everything but client connections: libcurl's 32 connections and their look-ups, SQLite's pool of
    /// readers and its writer (three files each) or PostgreSQL's pool, hook processes, the inbox, sandboxd's pipes.
    package static let reserve = 128
    /// Listeners keep this many even under a limit too low for the reserve, so that `schedctl status` can still say so.
    package static let minimumConnections = 8
    /// The soft limit is raised to the hard one, up to this (the unit's `LimitNOFILE`): more than connections need,
    /// and a process spawned by a hook need not close a million descriptors.
    package static let raisedLimitCeiling: rlim_t = 65_536

    /// Connections the listeners may hold together.
    package let connections: Int
    private let held = Atomic<Int>(0)

    package init(connections: Int) {
        self.connections = max(Self.minimumConnections, connections)
    }

    /// Takes one descriptor for a new connection, or says there is none left.
    package func take() -> Bool {
        var current = held.load(ordering: .relaxed)
        while current < connections {
            let (exchanged, original) = held.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back the descriptor of a connection that closed.
    package func give() {
        held.wrappingSubtract(1, ordering: .relaxed)
    }

    package var inUse: Int { held.load(ordering: .relaxed) }

    /// Whether a quarter of the budget is still free: only then may a listener hold a connection it does not serve, so
    /// that held connections never leave another listener without room.
    package var plentiful: Bool { inUse < connections - connections / 4 }

    /// What the process may open, and what it had open when the budget was made: for the start-up log.
    package struct Limits: Sendable, Equatable {
        package var soft: Int
        package var hard: Int
        /// The soft limit before it was raised.
        package var before: Int
        package var openAtStart: Int
    }

    /// Raises the soft descriptor limit to the hard one (at most ``raisedLimitCeiling``), and makes the budget from
    /// what is left after the descriptors open now and the ``reserve``.
    package static func forThisProcess() -> (budget: DescriptorBudget, limits: Limits) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let before = limit.rlim_cur
        let wanted = min(limit.rlim_max, max(limit.rlim_cur, raisedLimitCeiling))
        if wanted > limit.rlim_cur {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let open = openDescriptors()
        let soft = Int(clamping: limit.rlim_cur)
        let limits = Limits(soft: soft, hard: Int(clamping: limit.rlim_max), before: Int(clamping: before), openAtStart: open)
        return (DescriptorBudget(connections: soft - open - reserve), limits)
    }

    /// Whether the limit leaves the listeners fewer connections than the reserve keeps for everything else: then a
    /// busy daemon may run short, and the start-up log says to raise `LimitNOFILE`.
    package static func isTooLow(_ limits: Limits) -> Bool {
        limits.soft - limits.openAtStart - reserve < reserve
    }

    /// The descriptors open in this process now (the entries of /proc/self/fd, less the one reading it).
    package static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { count += 1 }
        }
        return max(0, count - 1)
    }
}
