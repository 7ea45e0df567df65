import Foundation

/// Writes synthetic points as the files watches export: a Garmin-like GPX 1.1 and a TCX activity.
enum TrackWriter {
    static let gpxHeader = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <metadata><time>2020-01-01T00:00:00Z</time></metadata>
          <trk><name>Test</name><type>running</type>

        """

    /// One GPX point; `prefix` is the namespace prefix for the extension (exporters differ).
    static func gpxPoint(_ point: SyntheticPoint, prefix: String = "gpxtpx", fractional: Bool = false) -> String {
        var text = "      <trkpt lat=\"\(point.latitude ?? 0)\" lon=\"\(point.longitude ?? 0)\">"
        if let elevation = point.elevation { text += "<ele>\(elevation)</ele>" }
        if let time = point.time { text += "<time>\(Timestamps.rfc3339(time, fractional: fractional))</time>" }
        if point.heartRate != nil || point.cadence != nil {
            text += "<extensions><\(prefix):TrackPointExtension>"
            if let heartRate = point.heartRate { text += "<\(prefix):hr>\(heartRate)</\(prefix):hr>" }
            if let cadence = point.cadence { text += "<\(prefix):cad>\(cadence)</\(prefix):cad>" }
            text += "</\(prefix):TrackPointExtension></extensions>"
        }
        return text + "</trkpt>\n"
    }

    /// A GPX file: one `trkseg` per segment.
    static func gpx(segments: [[SyntheticPoint]], prefix: String = "gpxtpx", fractional: Bool = false) -> String {
        var text = gpxHeader
        for segment in segments {
            text += "    <trkseg>\n"
            for point in segment { text += gpxPoint(point, prefix: prefix, fractional: fractional) }
            text += "    </trkseg>\n"
        }
        return text + "  </trk>\n</gpx>\n"
    }

    struct Lap {
        var points: [SyntheticPoint]
        var seconds: Double
        var metres: Double
        var calories: Int
    }

    static func tcx(laps: [Lap], positions: Bool = true) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
              <Activities>
                <Activity Sport="Running">
                  <Id>2024-05-05T05:30:00Z</Id>

            """
        for lap in laps {
            let start = lap.points.first?.time.map { Timestamps.rfc3339($0) } ?? ""
            text += """
                      <Lap StartTime="\(start)">
                        <TotalTimeSeconds>\(lap.seconds)</TotalTimeSeconds>
                        <DistanceMeters>\(lap.metres)</DistanceMeters>
                        <Calories>\(lap.calories)</Calories>
                        <AverageHeartRateBpm><Value>999</Value></AverageHeartRateBpm>
                        <Intensity>Active</Intensity>
                        <Track>

                """
            for point in lap.points {
                text += "          <Trackpoint>"
                if let time = point.time { text += "<Time>\(Timestamps.rfc3339(time))</Time>" }
                if positions, let latitude = point.latitude, let longitude = point.longitude {
                    text += "<Position><LatitudeDegrees>\(latitude)</LatitudeDegrees><LongitudeDegrees>\(longitude)</LongitudeDegrees></Position>"
                }
                if positions, let elevation = point.elevation { text += "<AltitudeMeters>\(elevation)</AltitudeMeters>" }
                if let distance = point.distance { text += "<DistanceMeters>\(distance)</DistanceMeters>" }
                if let heartRate = point.heartRate { text += "<HeartRateBpm><Value>\(heartRate)</Value></HeartRateBpm>" }
                if let cadence = point.cadence { text += "<Extensions><ns3:TPX><ns3:RunCadence>\(cadence)</ns3:RunCadence></ns3:TPX></Extensions>" }
                text += "</Trackpoint>\n"
            }
            text += "        </Track>\n      </Lap>\n"
        }
        return text + "    </Activity>\n  </Activities>\n</TrainingCenterDatabase>\n"
    }
}

/// Files in a fresh temporary directory, removed by the test when done.
final class TemporaryFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("RunSummaryTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
