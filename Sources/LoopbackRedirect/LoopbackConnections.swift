/// The browser connections the loopback listener has accepted and not yet answered.
///
/// Browsers open speculative connections that never send a request, so connections are read
/// side by side rather than one after the other, few are kept, and idle ones are dropped.
struct LoopbackConnections {
    /// At most this many connections are open at once; the oldest goes first.
    static let maxOpen = 16
    /// A connection that has not sent a whole request head after this long is dropped.
    static let idleLimit: Duration = .seconds(10)

    private var open: [(descriptor: Int32, received: [UInt8], since: ContinuousClock.Instant)] = []

    var descriptors: [Int32] { open.map(\.descriptor) }

    mutating func add(_ descriptor: Int32, now: ContinuousClock.Instant) {
        if open.count >= Self.maxOpen { LoopbackSocket.close(open.removeFirst().descriptor) }
        open.append((descriptor, [], now))
    }

    /// Reads what arrived on `descriptor`; returns the request target when it is the redirect.
    ///
    /// The redirect gets the success page; any other complete request gets its error response;
    /// both close the connection. A connection closed by the browser is forgotten.
    mutating func read(_ descriptor: Int32, path: String) -> String? {
        guard let index = open.firstIndex(where: { $0.descriptor == descriptor }) else { return nil }
        let chunk = LoopbackSocket.read(descriptor, limit: LoopbackHTTPExchange.maxRequestBytes - open[index].received.count)
        guard !chunk.isEmpty else {
            remove(at: index)
            return nil
        }
        open[index].received += chunk
        switch LoopbackHTTPExchange.evaluate(open[index].received, path: path) {
        case .incomplete:
            return nil
        case .redirect(let target):
            let page = LoopbackHTTPExchange.response(status: 200, reason: "OK", body: LoopbackHTTPExchange.successPage)
            LoopbackSocket.write(descriptor, page)
            remove(at: index)
            return target
        case .reject(let status, let reason):
            LoopbackSocket.write(descriptor, LoopbackHTTPExchange.response(status: status, reason: reason, body: reason))
            remove(at: index)
            return nil
        }
    }

    mutating func dropStale(now: ContinuousClock.Instant) {
        while let first = open.first, now - first.since > Self.idleLimit {
            remove(at: 0)
        }
    }

    mutating func closeAll() {
        while !open.isEmpty { remove(at: 0) }
    }

    private mutating func remove(at index: Int) {
        LoopbackSocket.close(open.remove(at: index).descriptor)
    }
}
