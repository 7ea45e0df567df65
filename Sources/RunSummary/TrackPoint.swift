/// One track point as a reader hands it over, before any figure is worked out.
///
/// Readers produce these one at a time and the accumulator folds each in at once, so a file's
/// points never sit in memory together. Every field is optional because real files leave things out
/// (a treadmill TCX has no position, some GPX points have no time).
struct TrackPoint: Sendable, Equatable {
    /// Seconds since 1970, UTC.
    var time: Double?
    var coordinate: Coordinate?
    var elevation: Double?
    /// The file's own cumulative distance (TCX `DistanceMeters`), when it has one.
    var cumulativeDistance: Double?
    var heartRate: Int?
    var cadence: Int?
    /// The first point of a GPX segment after the first: the gap before it is a pause.
    var startsNewSegment = false
}

/// Totals a TCX file states per lap, summed over its laps.
struct LapTotals: Sendable, Equatable {
    var seconds: Double?
    var distanceMeters: Double?
    var calories: Int?

    mutating func add(seconds: Double?, distance: Double?, calories: Int?) {
        if let seconds { self.seconds = (self.seconds ?? 0) + seconds }
        if let distance { self.distanceMeters = (self.distanceMeters ?? 0) + distance }
        if let calories { self.calories = (self.calories ?? 0) + calories }
    }
}
