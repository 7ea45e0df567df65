import Synchronization

/// The deliveries this engine is publishing right now: how many (so it claims no more than it can send),
/// and which (so a `publishing` claim with no task behind it can be told from one still being worked on).
/// A delivery stays here until its outcome is stored, however long the store takes to accept it.
package final class InFlightDeliveries: Sendable {
    private let ids = Mutex(Set<Int64>())

    package var count: Int { ids.withLock { $0.count } }

    package func add(_ deliveries: [Int64]) { ids.withLock { $0.formUnion(deliveries) } }

    package func remove(_ delivery: Int64) { _ = ids.withLock { $0.remove(delivery) } }

    package func contains(_ delivery: Int64) -> Bool { ids.withLock { $0.contains(delivery) } }
}
