import Foundation

/// The few figures runners care about, read from one GPX, TCX or FIT file, and the route to draw.
///
/// Figures the file has no data for are nil (a treadmill run has no route and no elevation).
public struct RunSummary: Sendable, Equatable {
    /// "Sunday Morning Run", or the person's own.
    public var title: String
    public var start: Date
    /// The runner's zone: the start time is shown, and the title's day and part of day are read, in it.
    public var timeZone: TimeZone
    public var distanceMeters: Double
    /// Time spent moving: pauses (standing still, or the watch paused) left out.
    public var movingSeconds: Double
    /// From the first point to the last.
    public var elapsedSeconds: Double
    /// Moving time per kilometre; nil when the distance is zero.
    public var paceSecondsPerKilometre: Double?
    /// Climbing, after smoothing the elevation's noise; nil without elevations.
    public var elevationGainMeters: Double?
    public var heartRateAverage: Int?
    public var heartRateMax: Int?
    public var cadenceAverage: Int?
    /// From TCX laps, when the file has them.
    public var calories: Int?
    /// The route as latitude/longitude pairs, thinned to at most ``RouteThinner/maximumPoints``; empty without positions.
    public var route: [Coordinate]
    /// How many track points the file held.
    public var pointCount: Int
    /// The moving time of each whole kilometre and each whole mile, in order (the last part-stretch left out).
    public var kilometreSplitSeconds: [Double] = []
    public var mileSplitSeconds: [Double] = []
    /// Elevation along the distance, thinned to at most ``maximumProfileSamples``; empty without elevations.
    public var elevationProfile: [ElevationSample] = []
    /// The track points left out as impossible GPS (a position at 0,0, a jump faster than anyone runs, a time out of
    /// order); ``pointCount`` includes them.
    public var droppedPoints = DroppedPoints()
    /// What was not posted as the file stated it, and why, in words ("the watch's average heart rate (254 bpm) is no
    /// heart's, so the records' (148 bpm) is posted"): shown under the summary, never in the networks' texts.
    public var notes: [String] = []

    /// The most samples the elevation profile keeps: more than a card's width in pixels would show.
    public static let maximumProfileSamples = 600

    public init(title: String, start: Date, timeZone: TimeZone, distanceMeters: Double, movingSeconds: Double, elapsedSeconds: Double,
                paceSecondsPerKilometre: Double?,
                elevationGainMeters: Double?, heartRateAverage: Int?, heartRateMax: Int?, cadenceAverage: Int?, calories: Int?,
                route: [Coordinate], pointCount: Int) {
        self.title = title; self.start = start; self.timeZone = timeZone; self.distanceMeters = distanceMeters
        self.movingSeconds = movingSeconds; self.elapsedSeconds = elapsedSeconds; self.paceSecondsPerKilometre = paceSecondsPerKilometre
        self.elevationGainMeters = elevationGainMeters; self.heartRateAverage = heartRateAverage; self.heartRateMax = heartRateMax
        self.cadenceAverage = cadenceAverage; self.calories = calories; self.route = route; self.pointCount = pointCount
    }
}

/// One sample of the elevation profile: how high the runner was, how far along the run.
public struct ElevationSample: Sendable, Equatable, Codable {
    public var distanceMeters: Double
    public var elevationMeters: Double

    enum CodingKeys: String, CodingKey {
        case distanceMeters = "distance_m", elevationMeters = "elevation_m"
    }

    public init(distanceMeters: Double, elevationMeters: Double) {
        self.distanceMeters = distanceMeters
        self.elevationMeters = elevationMeters
    }
}

/// A position in degrees (WGS 84).
public struct Coordinate: Sendable, Equatable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Kilometres or miles, for paces and distances in texts and on the picture.
public enum Units: String, Sendable, CaseIterable {
    case metric, imperial
}

/// A file that cannot be summarised: which file, and what is wrong with it, in words a person can act on.
public struct RunFileError: Error, Sendable, CustomStringConvertible, Equatable {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
