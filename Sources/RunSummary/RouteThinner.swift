/// Keeps a drawable route of at most ``maximumPoints`` positions from a stream of any length.
///
/// It keeps every k-th position; when the kept list fills, it drops every other kept position and
/// doubles k. Memory never exceeds the limit, the kept points stay evenly spread along the run,
/// and the very last position is always kept so the trace ends where the run ended.
public enum RouteThinner {
    public static let maximumPoints = 2_000
}

/// The route's positions, thinned as they stream in.
typealias RouteAccumulator = EvenThinner<Coordinate>

/// At most `capacity` elements of a stream of any length, evenly spread along it, the last always kept: the route's
/// positions, and the elevation profile's samples.
struct EvenThinner<Element: Sendable>: Sendable {
    private let capacity: Int
    private var kept: [Element] = []
    private var stride = 1
    private var seen = 0
    private var last: Element?
    private var lastKept = false

    init(capacity: Int = RouteThinner.maximumPoints) { self.capacity = max(2, capacity) }

    mutating func add(_ element: Element) {
        defer { seen += 1; last = element }
        lastKept = false
        guard seen % stride == 0 else { return }
        // One place stays free for the final position.
        if kept.count == capacity - 1 {
            kept = kept.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
            stride *= 2
            guard seen % stride == 0 else { return }
        }
        kept.append(element)
        lastKept = true
    }

    var elements: [Element] {
        guard let last, !lastKept else { return kept }
        return kept + [last]
    }
}

extension EvenThinner where Element == Coordinate {
    var route: [Coordinate] { elements }
}
