import Foundation
import Synchronization

/// Wakes the engine when posts change or a publish finishes, so it never polls: it sleeps until
/// the next due time or until this fires, whichever is first. A signal sent while nobody waits is kept.
package final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    package init() {}

    package func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.waiters.isEmpty else {
                state.pending = true
                return []
            }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns at `deadline` (nil: no deadline), on a signal, or on cancellation; true when a signal woke it, so a
    /// caller (or a test) can tell a wake-up from a deadline without timing it.
    @discardableResult
    package func wait(until deadline: Date?) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.nextSignal()
                return !Task.isCancelled
            }
            if let deadline {
                group.addTask {
                    let seconds = max(0, deadline.timeIntervalSinceNow)
                    try? await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
                    return false
                }
            }
            let signalled = await group.next() ?? false
            group.cancelAll()
            return signalled
        }
    }

    private func nextSignal() async {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
