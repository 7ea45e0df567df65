import Foundation
import RunSummary

/// Runs made by hand for the card's tests: known shapes, so where the route must be drawn is known.
enum Fixtures {
    /// 22 November 2026, 07:42 in New York (12:42 UTC), a Sunday.
    static let start = Date(timeIntervalSince1970: 1_795_351_320)
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// A point `east` and `north` metres from an origin, on a sphere of the Earth's mean radius.
    static func offset(_ origin: Coordinate, east: Double, north: Double) -> Coordinate {
        let metresPerDegree = 6_371_000 * Double.pi / 180
        return Coordinate(latitude: origin.latitude + north / metresPerDegree,
                          longitude: origin.longitude + east / (metresPerDegree * cos(origin.latitude * .pi / 180)))
    }

    /// An L: 1 km east, then 1 km north, at London's latitude, in 10 m steps.
    static func lRoute() -> [Coordinate] {
        let origin = Coordinate(latitude: 51.5, longitude: -0.12)
        let east = (0...100).map { offset(origin, east: Double($0) * 10, north: 0) }
        let north = (1...100).map { offset(origin, east: 1000, north: Double($0) * 10) }
        return east + north
    }

    /// A lollipop of about 10 km in Edinburgh: a meandering 1.6 km out along a path, a lumpy loop
    /// round a hill, and back on the other side of the same path. About 1,500 points, the shape of a
    /// real watch's track after thinning.
    static func realisticRoute() -> [Coordinate] {
        let origin = Coordinate(latitude: 55.9445, longitude: -3.2005)
        var points: [(Double, Double)] = []
        // Out: north-east with a gentle meander.
        for i in 0...400 {
            let t = Double(i) / 400
            let along = t * 1600
            points.append((along * 0.8 + 40 * sin(t * 9), along * 0.6 + 25 * sin(t * 17)))
        }
        // The loop: a wobbly circle of about 900 m radius, entered from its south-west.
        let (ex, ey) = points.last!
        let r = 900.0
        let cx = ex + r * 0.8, cy = ey + r * 0.6
        let a0 = atan2(ey - cy, ex - cx)
        for i in 1...700 {
            let a = a0 - Double(i) / 700 * 2 * .pi
            let wobble = 1 + 0.12 * sin(3 * (a - a0)) + 0.05 * sin(7 * (a - a0))
            points.append((cx + r * wobble * cos(a), cy + r * wobble * sin(a)))
        }
        // Back: the way out, reversed, 12 m to the side.
        for (x, y) in points[0...400].reversed() {
            points.append((x - 12 * 0.6, y + 12 * 0.8))
        }
        return points.map { offset(origin, east: $0.0, north: $0.1) }
    }

    static func summary(route: [Coordinate], title: String = "Sunday Morning Run") -> RunSummary {
        RunSummary(title: title, start: start, timeZone: newYork, distanceMeters: 10_024, movingSeconds: 3133,
                   elapsedSeconds: 3260, paceSecondsPerKilometre: 312.6, elevationGainMeters: 123.4, heartRateAverage: 152, heartRateMax: 178,
                   cadenceAverage: 172, calories: 712, route: route, pointCount: route.count)
    }

    /// A treadmill run: no route, no elevation.
    static func treadmill() -> RunSummary {
        var s = summary(route: [], title: "Sunday Morning Treadmill Run")
        s.elevationGainMeters = nil
        s.pointCount = 1800
        return s
    }

    /// Only the figures every run has: distance and moving time.
    static func bare(route: [Coordinate]) -> RunSummary {
        var s = summary(route: route, title: "Run")
        s.distanceMeters = 0
        s.paceSecondsPerKilometre = nil
        s.kilometreSplitSeconds = []
        s.mileSplitSeconds = []
        s.elevationGainMeters = nil
        s.heartRateAverage = nil
        s.heartRateMax = nil
        s.cadenceAverage = nil
        s.calories = nil
        return s
    }

    /// The 10 km loop as a watch would record it: ``realisticRoute()`` run at about 5:10 per km (faster in the
    /// sixth kilometre, slower up the hill), a point every few seconds, climbing gently on the way out, over a hill
    /// of about 45 m round the loop and down again on the way back. Written as GPX and read with ``RunFile``, so
    /// the summary has its splits and its elevation profile as a real file gives them.
    static func tenKilometreLoopGPX() -> String {
        let route = realisticRoute()
        var metres = 0.0
        var seconds = 0.0
        var lines: [String] = []
        let times = ISO8601DateFormatter()
        times.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let outLength = 401, loopLength = 700
        for (index, point) in route.enumerated() {
            if index > 0 {
                let step = haversine(route[index - 1], point)
                metres += step
                let kilometre = Int(metres / 1000)
                var pace = 310.0 + Double((kilometre * 7) % 5) * 4          // 5:10 give or take
                if kilometre == 5 { pace = 288 }
                let elevationStep = elevation(index: index, out: outLength, loop: loopLength) - elevation(index: index - 1, out: outLength, loop: loopLength)
                pace += max(0, elevationStep) / max(step, 1) * 900         // slower uphill
                seconds += step * pace / 1000
            }
            let ele = elevation(index: index, out: outLength, loop: loopLength)
            let time = times.string(from: start.addingTimeInterval(seconds))
            lines.append("<trkpt lat=\"\(String(format: "%.7f", point.latitude))\" lon=\"\(String(format: "%.7f", point.longitude))\">"
                + "<ele>\(String(format: "%.1f", ele))</ele><time>\(time)</time>"
                + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(140 + index % 25)</gpxtpx:hr>"
                + "<gpxtpx:cad>86</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="RunCardTests" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <trk><name>Ten</name><trkseg>
            \(lines.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
    }

    /// The loop's summary, read from its GPX in New York's zone.
    static func tenKilometreLoop() throws -> RunSummary {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("RunCardTests-\(UUID().uuidString).gpx").path
        try tenKilometreLoopGPX().write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try RunFile.summarize(path: path, timeZone: newYork)
    }

    /// Metres above sea level at a point of the lollipop: 30 m rising to 50 m on the way out, a 45 m hill over the
    /// first half of the loop, and back down the way it came.
    private static func elevation(index: Int, out: Int, loop: Int) -> Double {
        if index <= out { return 30 + 20 * Double(index) / Double(out) }
        if index <= out + loop {
            let t = Double(index - out) / Double(loop)
            return 50 + (t < 0.55 ? 45 * sin(Double.pi * t / 0.55) : -4 * sin(Double.pi * (t - 0.55) / 0.45))
        }
        let back = Double(index - out - loop) / Double(out)
        return 50 - 20 * min(1, back)
    }

    private static func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        let r = 6_371_008.8, k = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * k, dLon = (b.longitude - a.longitude) * k
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * k) * cos(b.latitude * k) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }
}
