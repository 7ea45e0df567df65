
/// Caps how many deliveries publish at once to one account, so a burst to one account is spread out
/// instead of firing into the network's rate limit.
package actor ConcurrencyLimiter {
    private let limit: Int
    private var running: [Int64: Int] = [:]
    private var waiting: [Int64: [CheckedContinuation<Void, Never>]] = [:]

    package init(limit: Int) {
        self.limit = limit
    }

    package func acquire(_ key: Int64) async {
        if running[key, default: 0] < limit {
            running[key, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiting[key, default: []].append($0) }
    }

    /// Hands the slot straight to the next waiter, if any.
    package func release(_ key: Int64) {
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue.isEmpty ? nil : queue
            next.resume()
            return
        }
        running[key, default: 1] -= 1
        if running[key] == 0 { running[key] = nil }
    }
}
