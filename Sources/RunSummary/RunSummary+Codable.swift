import Foundation

/// The summary as JSON, the body of `POST /v1/runs`: schedctl reads the person's file and sends what it found, and the
/// daemon writes the texts and draws the picture from it. Metres, seconds and degrees as the summary keeps them; the
/// zone by its IANA name; `start` in the coder's date format.
extension RunSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case title, start, route, points, calories
        case timeZone = "time_zone", distance = "distance_m", moving = "moving_s", elapsed = "elapsed_s", pace = "pace_s_per_km"
        case elevationGain = "elevation_gain_m", hrAverage = "hr_avg", hrMax = "hr_max", cadence = "cadence_spm"
        case kilometreSplits = "km_splits_s", mileSplits = "mile_splits_s", elevationProfile = "elevation_profile"
        case dropped = "dropped_because", notes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let zoneName = try container.decode(String.self, forKey: .timeZone)
        guard let zone = TimeZone(identifier: zoneName) else {
            throw DecodingError.dataCorruptedError(forKey: .timeZone, in: container, debugDescription: "unknown time zone '\(zoneName)'")
        }
        self.init(title: try container.decode(String.self, forKey: .title), start: try container.decode(Date.self, forKey: .start),
                  timeZone: zone, distanceMeters: try container.decode(Double.self, forKey: .distance),
                  movingSeconds: try container.decode(Double.self, forKey: .moving),
                  elapsedSeconds: try container.decode(Double.self, forKey: .elapsed),
                  paceSecondsPerKilometre: try container.decodeIfPresent(Double.self, forKey: .pace),
                  elevationGainMeters: try container.decodeIfPresent(Double.self, forKey: .elevationGain),
                  heartRateAverage: try container.decodeIfPresent(Int.self, forKey: .hrAverage),
                  heartRateMax: try container.decodeIfPresent(Int.self, forKey: .hrMax),
                  cadenceAverage: try container.decodeIfPresent(Int.self, forKey: .cadence),
                  calories: try container.decodeIfPresent(Int.self, forKey: .calories),
                  route: try container.decodeIfPresent([Coordinate].self, forKey: .route) ?? [],
                  pointCount: try container.decode(Int.self, forKey: .points))
        kilometreSplitSeconds = try container.decodeIfPresent([Double].self, forKey: .kilometreSplits) ?? []
        mileSplitSeconds = try container.decodeIfPresent([Double].self, forKey: .mileSplits) ?? []
        elevationProfile = try container.decodeIfPresent([ElevationSample].self, forKey: .elevationProfile) ?? []
        droppedPoints = try container.decodeIfPresent(DroppedPoints.self, forKey: .dropped) ?? DroppedPoints()
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(start, forKey: .start)
        try container.encode(timeZone.identifier, forKey: .timeZone)
        try container.encode(distanceMeters, forKey: .distance)
        try container.encode(movingSeconds, forKey: .moving)
        try container.encode(elapsedSeconds, forKey: .elapsed)
        try container.encodeIfPresent(paceSecondsPerKilometre, forKey: .pace)
        try container.encodeIfPresent(elevationGainMeters, forKey: .elevationGain)
        try container.encodeIfPresent(heartRateAverage, forKey: .hrAverage)
        try container.encodeIfPresent(heartRateMax, forKey: .hrMax)
        try container.encodeIfPresent(cadenceAverage, forKey: .cadence)
        try container.encodeIfPresent(calories, forKey: .calories)
        try container.encode(route, forKey: .route)
        try container.encode(pointCount, forKey: .points)
        try container.encode(kilometreSplitSeconds, forKey: .kilometreSplits)
        try container.encode(mileSplitSeconds, forKey: .mileSplits)
        try container.encode(elevationProfile, forKey: .elevationProfile)
        try container.encode(droppedPoints, forKey: .dropped)
        try container.encode(notes, forKey: .notes)
    }

    /// What is wrong with a summary that came over the wire, in words, or nil: every figure finite and not negative,
    /// positions on the globe, and no more route points, profile samples or splits than a summary read from a file
    /// holds, so that drawing it is bounded.
    public var wireProblem: String? {
        let figures = [distanceMeters, movingSeconds, elapsedSeconds] + [paceSecondsPerKilometre, elevationGainMeters].compactMap { $0 }
            + kilometreSplitSeconds + mileSplitSeconds
        if figures.contains(where: { !$0.isFinite || $0 < 0 || $0 > 10_000_000 }) {
            return "the run's distances and times must be numbers from 0 to 10,000,000 (metres, seconds)"
        }
        if route.count > RouteThinner.maximumPoints { return "the route has more than \(RouteThinner.maximumPoints) points" }
        if route.contains(where: { !(-90...90).contains($0.latitude) || !(-180...180).contains($0.longitude) }) {
            return "a route point is not a position (latitude -90…90, longitude -180…180)"
        }
        if elevationProfile.count > Self.maximumProfileSamples { return "the elevation profile has more than \(Self.maximumProfileSamples) samples" }
        if elevationProfile.contains(where: { !(0...10_000_000).contains($0.distanceMeters) || !(-100_000...100_000).contains($0.elevationMeters) }) {
            return "the elevation profile's samples must be distances from 0 to 10,000,000 m and elevations within 100,000 m"
        }
        if kilometreSplitSeconds.count > 1_000 || mileSplitSeconds.count > 1_000 { return "more than 1,000 splits" }
        if title.count > 1_000 { return "the title is longer than 1,000 characters" }
        if [heartRateAverage, heartRateMax, cadenceAverage, calories].contains(where: { ($0 ?? 0) < 0 || ($0 ?? 0) > 1_000_000 }) || pointCount < 0 {
            return "heart rate, cadence, calories and points must be whole numbers from 0 to 1,000,000"
        }
        return nil
    }
}

extension Units: Codable {}
