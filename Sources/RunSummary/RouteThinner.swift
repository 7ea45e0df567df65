/// Keeps a drawable route of at most ``maximumPoints`` positions from a stream of any length.
///
/// It keeps every k-th position; when the kept list fills, it drops every other kept position and
/// doubles k. Memory never exceeds the limit, the kept points stay evenly spread along the run,
/// and the very last position is always kept so the trace ends where the run ended.
public enum RouteThinner {
    public static let maximumPoints = 2_000
}

struct RouteAccumulator: Sendable {
    private let capacity: Int
    private var kept: [Coordinate] = []
    private var stride = 1
    private var seen = 0
    private var last: Coordinate?
    private var lastKept = false

    init(capacity: Int = RouteThinner.maximumPoints) { self.capacity = max(2, capacity) }

    mutating func add(_ coordinate: Coordinate) {
        defer { seen += 1; last = coordinate }
        lastKept = false
        guard seen % stride == 0 else { return }
        // One place stays free for the final position.
        if kept.count == capacity - 1 {
            kept = kept.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
            stride *= 2
            guard seen % stride == 0 else { return }
        }
        kept.append(coordinate)
        lastKept = true
    }

    var route: [Coordinate] {
        guard let last, !lastKept else { return kept }
        return kept + [last]
    }
}
