import Foundation

/// What of a route may be drawn: the pieces left once the privacy rules have cut out the first and last metres and
/// every privacy zone, and how many of the route's points were hidden.
public struct VisibleRoute: Sendable, Equatable {
    /// Each a line to draw on its own; a run that crosses a zone leaves two pieces, one that lies wholly inside none.
    public var pieces: [[Coordinate]]
    /// The route's points left out (the route as the summary holds it, thinned to at most 2,000 points).
    public var hiddenPoints: Int
    /// Whether what is drawn begins where the run began, and ends where it ended: a start or finish marker goes only
    /// there, never at a cut, where it would point at what the cut hides.
    public var showsStart = true
    public var showsFinish = true

    public var isEmpty: Bool { pieces.isEmpty }
    /// Every point drawn, for framing the map.
    public var points: [Coordinate] { pieces.flatMap { $0 } }
}

extension RunPrivacy {
    /// Cuts the route at the edges of what is hidden, so the drawing stops at them: a line from a visible point to a
    /// hidden one is drawn up to the hidden circle (or the 200th metre), never into it.
    ///
    /// Each run hides a little more than its zones, and not the same more: the circle a run is cut on covers the zone,
    /// with its centre moved and its radius grown by random amounts that together stay within the zone's margin (half
    /// its radius), as Strava randomizes its privacy zones. Cut exactly on the zone's circle, the cuts of a few runs
    /// would lie on one circle and give away its centre. The randomness is drawn from the whole route, hidden points
    /// included, so one run is always cut the same way (its preview, its picture and its map tiles agree) while nobody
    /// holding what is drawn can work the cut out.
    ///
    /// Distances along the route are great-circle metres (``Haversine``); a circle's edge is found on a local plane
    /// around its centre, exact to well under a metre for a zone of a few hundred metres.
    public func visibleRoute(_ route: [Coordinate]) -> VisibleRoute {
        var random = RouteSeededRandom(route)
        let hiding = zones.map { $0.hidingCircle(using: &random) }
        guard route.count >= 2 else {
            let hidden = route.filter { point in hideStartEndMeters > 0 || hiding.contains { $0.contains(point) } }.count
            return VisibleRoute(pieces: hidden == 0 && !route.isEmpty ? [route] : [], hiddenPoints: hidden)
        }
        let along = Self.cumulativeMetres(route)
        let hidden = hiddenCount(route, along: along, hiding: hiding)
        // A route that never moved (a watch left on a bench) is one place: shown, unless it is hidden.
        if hidden == 0, along.last == 0 { return VisibleRoute(pieces: [route], hiddenPoints: 0) }
        var pieces = [trimmedEnds(route, along: along)].filter { $0.count >= 2 }
        for circle in hiding { pieces = pieces.flatMap(circle.outside) }
        pieces = pieces.filter { $0.count >= 2 }
        return VisibleRoute(pieces: pieces, hiddenPoints: hidden,
                            showsStart: pieces.first?.first == route.first, showsFinish: pieces.last?.last == route.last)
    }

    /// The route between its `hideStartEndMeters`th metre and as many before its end, with a point cut in at each;
    /// `along` is each point's distance from the start.
    private func trimmedEnds(_ route: [Coordinate], along: [Double]) -> [Coordinate] {
        guard hideStartEndMeters > 0 else { return route }
        let total = along.last ?? 0
        let from = hideStartEndMeters, to = total - hideStartEndMeters
        guard to > from else { return [] }
        var kept: [Coordinate] = []
        for index in 1..<route.count {
            let a = along[index - 1], b = along[index]
            if a < from, b > from { kept.append(Self.interpolate(route[index - 1], route[index], (from - a) / (b - a))) }
            if b > from, b < to { kept.append(route[index]) }
            if a < to, b >= to { kept.append(Self.interpolate(route[index - 1], route[index], (to - a) / (b - a))) }
        }
        return kept
    }

    private func hiddenCount(_ route: [Coordinate], along: [Double], hiding: [PrivacyZone]) -> Int {
        let total = along.last ?? 0
        return route.indices.filter { index in
            let ends = hideStartEndMeters > 0 && (along[index] < hideStartEndMeters || along[index] > total - hideStartEndMeters)
            return ends || hiding.contains { $0.contains(route[index]) }
        }.count
    }

    static func cumulativeMetres(_ route: [Coordinate]) -> [Double] {
        var along = [0.0]
        for index in route.indices.dropFirst() { along.append(along[index - 1] + Haversine.distance(route[index - 1], route[index])) }
        return along
    }

    static func interpolate(_ a: Coordinate, _ b: Coordinate, _ t: Double) -> Coordinate {
        Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t, longitude: a.longitude + (b.longitude - a.longitude) * t)
    }
}

extension PrivacyZone {
    func contains(_ point: Coordinate) -> Bool { Haversine.distance(center, point) <= radiusMeters }

    /// How far past its radius a run's cut may lie: half the radius.
    var marginMeters: Double { radiusMeters / 2 }

    /// The circle one run is cut on: its centre moved up to a quarter of the margin in any direction, its radius the
    /// zone's plus that move plus up to half the margin more, so it always covers the whole zone and reaches no further
    /// from the zone's centre than the margin.
    func hidingCircle(using random: inout some RandomNumberGenerator) -> PrivacyZone {
        let half = marginMeters / 2
        let move = marginMeters / 4 * Double.random(in: 0...1, using: &random).squareRoot()
        let bearing = Double.random(in: 0..<(2 * .pi), using: &random)
        let metresPerDegree = Haversine.earthRadius * .pi / 180
        let moved = Coordinate(latitude: center.latitude + move * cos(bearing) / metresPerDegree,
                               longitude: center.longitude + move * sin(bearing) / (metresPerDegree * cos(center.latitude * .pi / 180)))
        return PrivacyZone(center: moved, radiusMeters: radiusMeters + move + Double.random(in: 0...half, using: &random))
    }

    /// The parts of a line outside the zone, each its own piece, cut exactly at the circle.
    func outside(_ line: [Coordinate]) -> [[Coordinate]] {
        var pieces: [[Coordinate]] = []
        var current: [Coordinate] = []
        func close() {
            if current.count >= 2 { pieces.append(current) }
            current = []
        }
        for (a, b) in zip(line, line.dropFirst()) {
            let (enter, leave) = crossing(a, b)
            // The segment's parameter range inside the circle is [enter, leave] (empty when enter >= leave).
            if enter >= leave || leave <= 0 || enter >= 1 {
                if current.isEmpty { current.append(a) }
                current.append(b)
                continue
            }
            if enter > 0 {
                if current.isEmpty { current.append(a) }
                current.append(RunPrivacy.interpolate(a, b, enter))
            }
            close()
            if leave < 1 { current = [RunPrivacy.interpolate(a, b, leave), b] }
        }
        close()
        return pieces
    }

    /// Where the segment a→b enters and leaves the circle, as parameters along it (0 at a, 1 at b), on a plane of metres
    /// around the centre; (1, 0), an empty range, when it misses.
    private func crossing(_ a: Coordinate, _ b: Coordinate) -> (Double, Double) {
        let metresPerDegree = Haversine.earthRadius * .pi / 180
        let cosLat = cos(center.latitude * .pi / 180)
        func plane(_ c: Coordinate) -> (Double, Double) {
            ((c.longitude - center.longitude) * metresPerDegree * cosLat, (c.latitude - center.latitude) * metresPerDegree)
        }
        let (ax, ay) = plane(a), (bx, by) = plane(b)
        let dx = bx - ax, dy = by - ay
        let qa = dx * dx + dy * dy
        let qb = 2 * (ax * dx + ay * dy)
        let qc = ax * ax + ay * ay - radiusMeters * radiusMeters
        guard qa > 0 else { return qc <= 0 ? (0, 1) : (1, 0) }
        let discriminant = qb * qb - 4 * qa * qc
        guard discriminant > 0 else { return (1, 0) }
        let root = sqrt(discriminant)
        return ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
    }
}
