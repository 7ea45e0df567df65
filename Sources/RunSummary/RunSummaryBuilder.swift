import Foundation

/// Turns the folded totals into a ``RunSummary``, or says why the file has no run in it.
///
/// A run is refused, rather than posted as nonsense, when too little is left once impossible points are dropped:
/// fewer than two points with a time, no time passing between the first and the last, or a distance covered
/// faster than anyone runs (``PointFilter/maximumSpeed``) or in no moving time at all. A file that recorded no
/// distance at all (no position, no distance of its own, no lap total: a heart-rate-only treadmill run) is refused
/// too: "0.00 km" would be a figure the watch never measured, and every template is built round the distance.
enum RunSummaryBuilder {
    static func build(_ run: RunAccumulator, timeZone: TimeZone, title: String?,
                      failure: (String) -> RunFileError) throws(RunFileError) -> RunSummary {
        guard run.pointCount > 0 else { throw failure("has no track points") }
        let dropped = run.droppedPoints
        /// "once 3 of 120 track points are dropped as impossible GPS (…)", when any were.
        let afterDropping = dropped.total == 0 ? ""
            : " once \(dropped.total) of \(run.pointCount) track points \(dropped.total == 1 ? "is" : "are") dropped as impossible GPS (\(dropped.reasons))"
        if run.firstTime == nil, dropped.total == 0 {
            throw failure("has \(run.pointCount) track points but no timestamps: a run needs the time of each point")
        }
        guard let first = run.firstTime, let last = run.lastTime, run.timedPointCount >= 2 else {
            if run.pointCount == 1 { throw failure("has a single track point: a run needs at least two, at different times") }
            throw failure("has no run left\(afterDropping): a run needs at least two track points with sensible positions and times")
        }
        let start = Date(timeIntervalSince1970: first)
        let elapsed = last - first
        guard elapsed > 0 else {
            throw failure("has no time passing: its \(run.timedPointCount) track points\(dropped.total > 0 ? " left" : "") "
                + "all have the time \(Self.utc(first))\(afterDropping.isEmpty ? "" : ",\(afterDropping)")")
        }

        guard run.hasDistanceSource || (run.laps.distanceMeters ?? 0) > 0 else {
            throw failure("holds no distance: its track points have times\(run.heartRateAverage != nil ? " and heart rates" : "") "
                + "but no positions and no distances (a treadmill run without a footpod?), and a run is posted with its distance")
        }

        // The file's own distance first: the laps' total, else the track's cumulative distance, else haversine.
        let distance = run.laps.distanceMeters.flatMap { $0 > 0 ? $0 : nil } ?? run.distance
        // Without any distance along the points (a treadmill file with lap totals only), the laps' timer time is the moving time.
        let moving = run.hasDistanceSource ? run.movingSeconds : (run.laps.seconds ?? elapsed)
        if distance > 0, moving <= 0 {
            throw failure("covers \(RunFormat.distance(distance, .metric)) in no moving time\(afterDropping): "
                + "its track points' times or positions do not change together, so no pace can be told")
        }
        if distance > 0, distance / moving > PointFilter.maximumSpeed {
            throw failure("covers \(RunFormat.distance(distance, .metric)) in \(RunFormat.duration(moving)) of moving time\(afterDropping), "
                + "faster than anyone runs (over 12 m/s): the file's distance and times disagree")
        }
        let pace = distance > 0 && moving > 0 ? moving / (distance / 1000) : nil
        let given = title?.trimmingWhitespace

        var summary = RunSummary(
            title: given.flatMap { $0.isEmpty ? nil : String($0) } ?? RunTitle.make(start: start, timeZone: timeZone),
            start: start, timeZone: timeZone, distanceMeters: distance, movingSeconds: moving, elapsedSeconds: elapsed,
            paceSecondsPerKilometre: pace,
            elevationGainMeters: run.elevationGain, heartRateAverage: run.heartRateAverage, heartRateMax: run.heartRateMax,
            cadenceAverage: run.cadenceAverage, calories: run.laps.calories, route: run.route, pointCount: run.pointCount
        )
        summary.kilometreSplitSeconds = run.kilometreSplitSeconds
        summary.mileSplitSeconds = run.mileSplitSeconds
        summary.elevationProfile = run.elevationProfile
        summary.droppedPoints = dropped
        return summary
    }

    /// "2024-05-05T05:30:00Z".
    private static func utc(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
    }
}
