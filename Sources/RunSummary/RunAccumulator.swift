import Foundation

/// Folds track points, one at a time, into the running totals a ``RunSummary`` is made of.
///
/// Each point first goes through the ``PointFilter``, which drops the impossible ones (and holds a few points until
/// it can tell); only the points it keeps are folded in. Nothing per point is kept beyond the previous point, the
/// filter's few undecided points, the last kilometre or mile of (distance, time) marks and the thinned route and
/// elevation profile, so memory does not grow with the file.
struct RunAccumulator: Sendable {
    /// Track points in the file, kept or dropped.
    private(set) var pointCount = 0
    /// Track points kept by the filter and folded in.
    private(set) var keptPointCount = 0
    private var filter = PointFilter()
    private(set) var timedPointCount = 0
    private(set) var firstTime: Double?
    private(set) var lastTime: Double?

    /// Distance over all intervals inside segments: positions' haversine, or the file's own cumulative distance.
    private(set) var distance = 0.0
    private(set) var movingSeconds = 0.0
    /// Distance of moving intervals only: what the splits are measured on.
    private var movingDistance = 0.0

    /// Whether any point had a position or a distance: without either, nothing says when the runner moved.
    private(set) var hasDistanceSource = false
    private var lastCoordinate: Coordinate?
    private var lastCumulative: Double?

    private var elevation = ElevationGain()
    private(set) var hasElevation = false
    private var heartRateSum = 0, heartRateCount = 0
    private(set) var heartRateMax: Int?
    private var cadenceSum = 0, cadenceCount = 0

    private var kilometreSplits = SplitTimes(length: 1000)
    private var mileSplits = SplitTimes(length: 1609.344)
    private var routeAccumulator = RouteAccumulator()
    private var profile = EvenThinner<ElevationSample>(capacity: RunSummary.maximumProfileSamples)

    var laps = LapTotals()

    /// Takes the file's next point; it is folded in once the filter has kept it.
    mutating func add(_ point: TrackPoint) {
        pointCount += 1
        for kept in filter.add(point) { fold(kept) }
    }

    /// The end of the file: the points the filter still held are decided and folded in.
    mutating func finish() {
        for kept in filter.finish() { fold(kept) }
    }

    var droppedPoints: DroppedPoints { filter.dropped }

    private mutating func fold(_ point: TrackPoint) {
        keptPointCount += 1
        if let coordinate = point.coordinate { routeAccumulator.add(coordinate) }
        if let elevation = point.elevation { self.elevation.add(elevation); hasElevation = true }
        if let heartRate = point.heartRate, heartRate > 0 {
            heartRateSum += heartRate; heartRateCount += 1
            heartRateMax = max(heartRateMax ?? heartRate, heartRate)
        }
        if let cadence = point.cadence, cadence > 0 { cadenceSum += cadence; cadenceCount += 1 }

        let meters = step(to: point)
        // The profile's sample goes at the distance so far, this point's step included (added below).
        defer { if let elevation = point.elevation { profile.add(ElevationSample(distanceMeters: distance, elevationMeters: elevation)) } }
        guard let time = point.time else { return }
        timedPointCount += 1
        defer { lastTime = time }
        guard let previous = lastTime else {
            firstTime = time
            kilometreSplits.add(distance: 0, movingTime: 0)
            mileSplits.add(distance: 0, movingTime: 0)
            return
        }
        let seconds = time - previous
        guard !point.startsNewSegment else { return }
        distance += meters
        if MovingTime.isMoving(seconds: seconds, meters: meters) {
            movingSeconds += seconds
            movingDistance += meters
            kilometreSplits.add(distance: movingDistance, movingTime: movingSeconds)
            mileSplits.add(distance: movingDistance, movingTime: movingSeconds)
        }
    }

    /// Metres from the previous point: the file's own cumulative distance when both have one, else haversine.
    private mutating func step(to point: TrackPoint) -> Double {
        var meters = 0.0
        if point.cumulativeDistance != nil || point.coordinate != nil { hasDistanceSource = true }
        if let cumulative = point.cumulativeDistance {
            if let lastCumulative { meters = max(0, cumulative - lastCumulative) }
            lastCumulative = cumulative
        } else if let coordinate = point.coordinate, let lastCoordinate {
            meters = Haversine.distance(lastCoordinate, coordinate)
        }
        if let coordinate = point.coordinate { lastCoordinate = coordinate }
        return meters
    }

    var elevationGain: Double? { hasElevation ? elevation.gain : nil }
    /// The mean of the points' heart rates (each sample counts once; watches sample evenly, so this is the time-weighted mean too).
    var heartRateAverage: Int? { heartRateCount > 0 ? Int((Double(heartRateSum) / Double(heartRateCount)).rounded()) : nil }
    /// Steps of both feet per minute. Garmin's TCX `RunCadence` and GPX `cad` count one foot (86 for 172 steps a
    /// minute); some exporters write both feet. No one runs 240 steps a minute, nor walks under 60 on both feet, so
    /// an average under 120 is one foot's, and doubled.
    var cadenceAverage: Int? {
        guard cadenceCount > 0 else { return nil }
        let average = Double(cadenceSum) / Double(cadenceCount)
        return Int((average < 120 ? 2 * average : average).rounded())
    }
    var elevationProfile: [ElevationSample] { profile.elements }
    var kilometreSplitSeconds: [Double] { kilometreSplits.splits }
    var mileSplitSeconds: [Double] { mileSplits.splits }
    var route: [Coordinate] { routeAccumulator.route }
}
