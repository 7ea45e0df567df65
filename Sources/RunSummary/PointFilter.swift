/// Drops track points no runner could have made, before any figure is worked out from them.
///
/// Watches write impossible points: a position of exactly (0, 0) before the GPS has a fix, a point hundreds of
/// kilometres off, a jump faster than anyone runs, a time that goes backwards or leaps ahead. One of those in the
/// totals turns a 10 km run into "5447.54 km in 51:47". A point is kept when it follows from the last kept point
/// (time not going backwards, no faster than ``maximumSpeed``); which of two points that disagree is the bad one is
/// told by the points around them:
/// - at the start, a point is kept once ``startLength`` points in a row follow from one another (so a bad first
///   point does not make every later point look like a jump);
/// - a point that follows from the last kept one, but whose successor follows from the last kept one and not from
///   it, is a spike (a time that leaps ahead and comes back, a position that jumps out and back);
/// - a point that does not follow, when a later one does, is dropped; when ``restartLength`` points in a row follow
///   from one another and none from the last kept point, the runner really is elsewhere (a GPS gap, the watch
///   carried on a train): they start a new stretch, the gap counted as a pause, not as distance.
/// Only the points not yet decided are held (at most ``capacity``), so memory stays bounded however long the file.
struct PointFilter: Sendable {
    /// Metres per second above which a step is impossible on foot: faster than a sprinter's top speed.
    static let maximumSpeed = 12.0
    static let startLength = 3
    static let restartLength = 5
    static let capacity = 16

    /// Why a point was dropped.
    enum Reason: Sendable, Equatable {
        case zeroPosition, tooFast, timeOutOfOrder
    }

    private(set) var dropped = DroppedPoints()
    /// What the points kept so far say: the latest time, position and cumulative distance, and when each was taken.
    private var anchor: Anchor?
    private var held: [TrackPoint] = []
    /// A dropped point began a GPX segment: the next kept point begins it instead, so the pause is still a pause.
    private var segmentStartPending = false

    /// Takes the next point of the file; returns the points now known to be good, in order (often just one).
    mutating func add(_ point: TrackPoint) -> [TrackPoint] {
        if let coordinate = point.coordinate, coordinate.latitude == 0, coordinate.longitude == 0 {
            drop(point, .zeroPosition)
            return []
        }
        held.append(point)
        return resolve(final: false)
    }

    /// The end of the file: decides the points still held.
    mutating func finish() -> [TrackPoint] { resolve(final: true) }

    private mutating func resolve(final: Bool) -> [TrackPoint] {
        var kept: [TrackPoint] = []
        while let candidate = held.first {
            guard let decision = decide(candidate, final: final) else { break }
            held.removeFirst()
            switch decision {
            case .keep(let newStretch):
                var point = candidate
                if newStretch || segmentStartPending { point.startsNewSegment = true }
                segmentStartPending = false
                anchor = Anchor(anchor, point)
                kept.append(point)
            case .drop(let reason):
                drop(candidate, reason)
            }
        }
        return kept
    }

    private enum Decision { case keep(newStretch: Bool), drop(Reason) }

    /// What to do with the oldest held point, or nil to wait for more points.
    private func decide(_ candidate: TrackPoint, final: Bool) -> Decision? {
        guard let anchor else {
            // The start: nothing kept yet to measure against, so the point must begin a chain of sensible points.
            let need = final ? 2 : Self.startLength
            if chainLength(from: 0, upTo: need) >= need { return .keep(newStretch: false) }
            let laterChain = (1..<max(1, held.count)).contains { chainLength(from: $0, upTo: need) >= need }
            if laterChain || held.count >= Self.capacity || (final && held.count > 1) {
                return .drop(held.count > 1 ? Anchor(nil, candidate).verdict(held[1]) ?? .tooFast : .tooFast)
            }
            return final ? .keep(newStretch: false) : nil
        }
        if let reason = anchor.verdict(candidate) {
            if held.dropFirst().contains(where: { anchor.verdict($0) == nil }) { return .drop(reason) }
            if reason == .tooFast, chainLength(from: 0, upTo: Self.restartLength) >= Self.restartLength {
                return .keep(newStretch: true)
            }
            return final || held.count >= Self.capacity ? .drop(reason) : nil
        }
        guard held.count >= 2 else { return final ? .keep(newStretch: false) : nil }
        let next = held[1]
        if let reason = Anchor(nil, candidate).verdict(next), anchor.verdict(next) == nil {
            return .drop(reason)  // a spike: the next point follows from before it, not from it
        }
        return .keep(newStretch: false)
    }

    /// The longest run of held points from `start` that follow one from another (points between them left out), up to
    /// `limit`. Longest, not greedy: a bad point that happens to follow from `start` must not end the chain early.
    private func chainLength(from start: Int, upTo limit: Int) -> Int {
        guard start < held.count else { return 0 }
        var longest = [Int](repeating: 0, count: held.count)  // the longest chain from `start` ending at each point
        longest[start] = 1
        for end in (start + 1)..<held.count {
            for middle in start..<end where longest[middle] > 0 && longest[middle] + 1 > longest[end]
                && Anchor(nil, held[middle]).verdict(held[end]) == nil {
                longest[end] = longest[middle] + 1
            }
            if longest[end] >= limit { return limit }
        }
        return min(limit, longest.max() ?? 1)
    }

    private mutating func drop(_ point: TrackPoint, _ reason: Reason) {
        dropped.count(reason)
        if point.startsNewSegment { segmentStartPending = true }
    }
}

/// The latest of what the kept points say, to measure the next point against.
private struct Anchor: Sendable {
    var time: Double?
    var fix: (coordinate: Coordinate, time: Double?)?
    var cumulative: (metres: Double, time: Double?)?

    init(_ previous: Anchor?, _ point: TrackPoint) {
        time = point.time ?? previous?.time
        fix = point.coordinate.map { ($0, point.time) } ?? previous?.fix
        cumulative = point.cumulativeDistance.map { ($0, point.time) } ?? previous?.cumulative
    }

    /// Why `point` cannot follow, or nil when it can. Without times (or positions) nothing can be told: it follows.
    func verdict(_ point: TrackPoint) -> PointFilter.Reason? {
        if let time, let next = point.time, next < time { return .timeOutOfOrder }
        if let fix, let coordinate = point.coordinate,
           !plausible(metres: Haversine.distance(fix.coordinate, coordinate), from: fix.time, to: point.time) {
            return .tooFast
        }
        if let cumulative, let metres = point.cumulativeDistance,
           !plausible(metres: abs(metres - cumulative.metres), from: cumulative.time, to: point.time) {
            return .tooFast
        }
        return nil
    }

    /// A step is plausible at up to the maximum speed; within the same second, up to that speed's one second's worth
    /// (watches write two points in one second, and a position jitters by a few metres).
    private func plausible(metres: Double, from start: Double?, to end: Double?) -> Bool {
        guard let start, let end else { return true }
        return metres <= PointFilter.maximumSpeed * max(end - start, 1)
    }
}

/// How many of a file's track points were dropped as impossible, and why.
public struct DroppedPoints: Sendable, Equatable, Codable {
    /// At exactly 0° N 0° E, where watches put a point before the GPS has a fix.
    public var zeroPosition = 0
    /// Further from the points around them than anyone runs (over 12 m/s), including points hundreds of kilometres off.
    public var tooFast = 0
    /// A time before the point's predecessor's, or one that leaps ahead and comes back.
    public var timeOutOfOrder = 0

    public init(zeroPosition: Int = 0, tooFast: Int = 0, timeOutOfOrder: Int = 0) {
        self.zeroPosition = zeroPosition
        self.tooFast = tooFast
        self.timeOutOfOrder = timeOutOfOrder
    }

    public var total: Int { zeroPosition + tooFast + timeOutOfOrder }

    enum CodingKeys: String, CodingKey {
        case zeroPosition = "zero_position", tooFast = "too_fast", timeOutOfOrder = "time_out_of_order"
    }

    /// "1 at 0°N 0°E; 2 too far from the points around them (faster than 12 m/s)": the non-zero counts, in words.
    public var reasons: String {
        var parts: [String] = []
        if zeroPosition > 0 { parts.append("\(zeroPosition) at 0°N 0°E") }
        if tooFast > 0 { parts.append("\(tooFast) too far from the points around \(tooFast == 1 ? "it" : "them") (faster than 12 m/s)") }
        if timeOutOfOrder > 0 { parts.append("\(timeOutOfOrder) with \(timeOutOfOrder == 1 ? "a time" : "times") out of order") }
        return parts.joined(separator: "; ")
    }

    mutating func count(_ reason: PointFilter.Reason) {
        switch reason {
        case .zeroPosition: zeroPosition += 1
        case .tooFast: tooFast += 1
        case .timeOutOfOrder: timeOutOfOrder += 1
        }
    }
}
