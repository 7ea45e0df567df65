/// The session's totals, the figures the watch showed, put in the summary where they can be right.
///
/// A session total is checked as a figure worked out from the records is, since a watch's firmware (or a file written
/// by another program) can state nonsense: a total that cannot be right is left for the records' own figure, or left
/// out when the records have none, and the summary says so in a note.
extension FITRunReader {
    /// Beats per minute no runner's heart is outside of: a reading of 254 is a sensor's noise, not a heart.
    static let plausibleHeartRates = 25...230
    /// Metres climbed per second of the run that no runner exceeds (the vertical-kilometre record is about 0.6 m/s).
    static let maximumClimbRate = 1.0

    /// The summary with the figures the watch showed where the session states them: the timer time as the moving time
    /// (the watch's auto-pause decided it), the ascent (its barometer's), heart rate and calories. The distance is
    /// already the session's (as the file's own total); the route, splits and profile stay the records'.
    static func withSessionFigures(_ summary: RunSummary, _ session: Session?) -> RunSummary {
        guard let session else { return summary }
        var summary = summary
        if let timer = session.timerSeconds {
            if let problem = timerProblem(timer, session, summary) {
                summary.notes.append("the watch's timer time (\(RunFormat.duration(timer))) \(problem), so the moving time is worked out from the records")
            } else {
                summary.movingSeconds = timer
                summary.paceSecondsPerKilometre = summary.distanceMeters > 0 ? timer / (summary.distanceMeters / 1000) : nil
            }
        }
        if let ascent = session.ascentMeters {
            if ascent <= max(summary.elapsedSeconds, 0) * maximumClimbRate {
                summary.elevationGainMeters = ascent
            } else {
                summary.notes.append("the watch's ascent (\(Int(ascent)) m) is more than anyone climbs in \(RunFormat.duration(summary.elapsedSeconds)), "
                    + (summary.elevationGainMeters == nil ? "so the climbing is left out" : "so the climbing is worked out from the records"))
            }
        }
        summary.heartRateAverage = heartRate(session.heartRateAverage, "average", records: summary.heartRateAverage, &summary.notes)
        summary.heartRateMax = heartRate(session.heartRateMax, "maximum", records: summary.heartRateMax, &summary.notes)
        if let calories = session.calories { summary.calories = calories }
        return summary
    }

    /// Why the session's timer time cannot be the moving time, or nil when it can. It can when it is no longer than
    /// the records' span by more than a second, or agrees with the session's own elapsed time within a second or half a
    /// per cent (a watch's timer counts fractions of a second its whole-second records do not span), and gives no pace
    /// faster than anyone runs.
    static func timerProblem(_ timer: Double, _ session: Session, _ summary: RunSummary) -> String? {
        guard timer > 0 else { return "is none" }
        let withinRecords = timer <= summary.elapsedSeconds + 1
        let withinSession = session.elapsedSeconds.map { timer <= $0 + max(1, $0 * 0.005) } ?? false
        guard withinRecords || withinSession else { return "is longer than the run's elapsed time (\(RunFormat.duration(summary.elapsedSeconds)))" }
        if summary.distanceMeters > 0, summary.distanceMeters / timer > PointFilter.maximumSpeed {
            return "would make \(RunFormat.distance(summary.distanceMeters, .metric)) faster than anyone runs"
        }
        return nil
    }

    /// The session's heart rate when a heart could beat it, else the records' (with a note saying so).
    static func heartRate(_ stated: Int?, _ which: String, records: Int?, _ notes: inout [String]) -> Int? {
        guard let stated else { return records }
        guard !plausibleHeartRates.contains(stated) else { return stated }
        notes.append("the watch's \(which) heart rate (\(stated) bpm) is no heart's, so "
            + (records == nil ? "it is left out" : "the records' (\(records!) bpm) is posted"))
        return records
    }
}
