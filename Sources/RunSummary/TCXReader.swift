/// Reads a Garmin TCX activity (`Activities/Activity/Lap/Track/Trackpoint`) as the parser walks the file.
///
/// Laps give their own totals (`TotalTimeSeconds`, `DistanceMeters`, `Calories`), summed over laps.
/// Track points give `Time`, `Position`, `AltitudeMeters`, the cumulative `DistanceMeters`,
/// `HeartRateBpm/Value` and `Cadence` (or the running extension's `RunCadence`). A treadmill file
/// has no `Position`: its distance comes from `DistanceMeters` alone.
struct TCXReader: Sendable {
    private var point: TrackPoint?
    private var latitude: Double?
    private var longitude: Double?
    private var pointNumber = 0
    private var inLap = false
    private var lapSeconds: Double?
    private var lapDistance: Double?
    private var lapCalories: Int?

    func wantsText(path: [String]) -> Bool { point != nil || (inLap && path.dropLast().last == "Lap") }

    mutating func start(_ name: String, attributes: [String: String], path: [String]) throws(ReadProblem) {
        switch name {
        case "Lap":
            inLap = true
            lapSeconds = nil; lapDistance = nil; lapCalories = nil
        case "Trackpoint":
            pointNumber += 1
            point = TrackPoint()
            latitude = nil; longitude = nil
        default:
            break
        }
    }

    mutating func end(_ name: String, text: String, path: [String], into run: inout RunAccumulator) throws(ReadProblem) {
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        if point != nil {
            switch name {
            case "Trackpoint":
                if var point {
                    if let latitude, let longitude { point.coordinate = Coordinate(latitude: latitude, longitude: longitude) }
                    run.add(point)
                }
                point = nil
            case "Time" where parent == "Trackpoint":
                point?.time = try ReadProblem.time(text, point: pointNumber)
            case "LatitudeDegrees" where parent == "Position":
                latitude = try ReadProblem.number(text, "latitude", point: pointNumber)
            case "LongitudeDegrees" where parent == "Position":
                longitude = try ReadProblem.number(text, "longitude", point: pointNumber)
            case "AltitudeMeters" where parent == "Trackpoint":
                point?.elevation = try ReadProblem.number(text, "altitude", point: pointNumber)
            case "DistanceMeters" where parent == "Trackpoint":
                point?.cumulativeDistance = try ReadProblem.number(text, "distance", point: pointNumber)
            case "Value" where parent == "HeartRateBpm":
                point?.heartRate = try ReadProblem.number(text, "heart rate", point: pointNumber).map { Int($0.rounded()) }
            case "Cadence" where parent == "Trackpoint", "RunCadence":
                point?.cadence = try ReadProblem.number(text, "cadence", point: pointNumber).map { Int($0.rounded()) }
            default:
                break
            }
            return
        }
        guard inLap else { return }
        switch name {
        case "TotalTimeSeconds" where parent == "Lap":
            lapSeconds = try lapNumber(text, "total time")
        case "DistanceMeters" where parent == "Lap":
            lapDistance = try lapNumber(text, "distance")
        case "Calories" where parent == "Lap":
            lapCalories = try lapNumber(text, "calories").map { Int($0.rounded()) }
        case "Lap":
            run.laps.add(seconds: lapSeconds, distance: lapDistance, calories: lapCalories)
            inLap = false
        default:
            break
        }
    }

    private func lapNumber(_ text: String, _ field: String) throws(ReadProblem) -> Double? {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        guard let value = Double(trimmed), value.isFinite else {
            throw ReadProblem("cannot read the lap \(field) \"\(trimmed)\": it is not a number")
        }
        return value
    }
}
