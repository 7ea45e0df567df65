import Synchronization

/// How many claimed deliveries are being published, so the engine claims no more than it can send.
final class InFlightCounter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func add(_ n: Int) { count.withLock { $0 += n } }

    func remove() { count.withLock { $0 -= 1 } }
}
