/// Reads GPX 1.1 track points (`trk/trkseg/trkpt`) as the parser walks the file.
///
/// Positions come from the `lat`/`lon` attributes; `ele` and `time` from the point's children; heart
/// rate and cadence from the Garmin TrackPointExtension (`gpxtpx:hr`, `gpxtpx:cad`), matched on the
/// local name inside `extensions` because exporters use different namespace prefixes. Routes and
/// waypoints are not the run and are ignored. A new segment after the first marks a pause.
struct GPXReader: Sendable {
    private var point: TrackPoint?
    private var pointNumber = 0
    private var nextStartsSegment = false

    /// Whether the text of the element just opened matters (a child of a track point).
    func wantsText(path: [String]) -> Bool { point != nil }

    mutating func start(_ name: String, attributes: [String: String], path: [String]) throws(ReadProblem) {
        switch name {
        case "trkseg":
            nextStartsSegment = pointNumber > 0
        case "trkpt" where path.dropLast().last == "trkseg":
            pointNumber += 1
            let lat = attributes["lat"] ?? "", lon = attributes["lon"] ?? ""
            guard let latitude = Double(lat), let longitude = Double(lon), abs(latitude) <= 90, abs(longitude) <= 180 else {
                throw ReadProblem("track point \(pointNumber) has no valid position (lat \"\(lat)\", lon \"\(lon)\")")
            }
            point = TrackPoint(coordinate: Coordinate(latitude: latitude, longitude: longitude), startsNewSegment: nextStartsSegment)
            nextStartsSegment = false
        default:
            break
        }
    }

    mutating func end(_ name: String, text: String, path: [String], into run: inout RunAccumulator) throws(ReadProblem) {
        guard point != nil else { return }
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        switch name {
        case "trkpt":
            if let point { run.add(point) }
            point = nil
        case "ele" where parent == "trkpt":
            point?.elevation = try ReadProblem.number(text, "elevation", point: pointNumber)
        case "time" where parent == "trkpt":
            point?.time = try ReadProblem.time(text, point: pointNumber)
        case "hr" where path.contains("extensions"):
            point?.heartRate = try ReadProblem.number(text, "heart rate", point: pointNumber).map { Int($0.rounded()) }
        case "cad" where path.contains("extensions"):
            point?.cadence = try ReadProblem.number(text, "cadence", point: pointNumber).map { Int($0.rounded()) }
        default:
            break
        }
    }
}
