import Foundation

/// Turns the folded totals into a ``RunSummary``, or says why the file has no run in it.
enum RunSummaryBuilder {
    static func build(_ run: RunAccumulator, timeZone: TimeZone, title: String?,
                      failure: (String) -> RunFileError) throws(RunFileError) -> RunSummary {
        guard run.pointCount > 0 else { throw failure("has no track points") }
        guard let first = run.firstTime, let last = run.lastTime else {
            throw failure("has \(run.pointCount) track points but no timestamps: a run needs the time of each point")
        }
        let start = Date(timeIntervalSince1970: first)
        let elapsed = last - first

        // The file's own distance first: the laps' total, else the track's cumulative distance, else haversine.
        let distance = run.laps.distanceMeters.flatMap { $0 > 0 ? $0 : nil } ?? run.distance
        // Without any distance along the points (a treadmill file with lap totals only), the laps' timer time is the moving time.
        let moving = run.hasDistanceSource ? run.movingSeconds : (run.laps.seconds ?? elapsed)
        let pace = distance > 0 && moving > 0 ? moving / (distance / 1000) : nil
        let given = title?.trimmingWhitespace

        var summary = RunSummary(
            title: given.flatMap { $0.isEmpty ? nil : String($0) } ?? RunTitle.make(start: start, timeZone: timeZone),
            start: start, timeZone: timeZone, distanceMeters: distance, movingSeconds: moving, elapsedSeconds: elapsed,
            paceSecondsPerKilometre: pace, fastestKilometreSeconds: run.fastestKilometre, fastestMileSeconds: run.fastestMile,
            elevationGainMeters: run.elevationGain, heartRateAverage: run.heartRateAverage, heartRateMax: run.heartRateMax,
            cadenceAverage: run.cadenceAverage, calories: run.laps.calories, route: run.route, pointCount: run.pointCount
        )
        summary.kilometreSplitSeconds = run.kilometreSplitSeconds
        summary.mileSplitSeconds = run.mileSplitSeconds
        return summary
    }
}
