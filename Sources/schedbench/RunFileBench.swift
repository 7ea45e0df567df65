import FITTestSupport
import Foundation
import RunSummary

/// What reading a long run costs: a 10-hour FIT file (one record a second, as a watch records) summarised as
/// `schedctl run-summary` and the inbox summarise it, against the same run as a GPX file in the same run, and the
/// plain read of the FIT file's bytes (the floor no decoder goes under). Medians of five, release build.
struct RunFileBench {
    let work: String
    static let hours = 10

    func run() throws -> [String] {
        let seconds = Self.hours * 3_600
        let fit = FITWriter.run(seconds: seconds, speed: 2.8)
        let fitPath = (work as NSString).appendingPathComponent("ten-hours.fit")
        let gpxPath = (work as NSString).appendingPathComponent("ten-hours.gpx")
        try Data(fit).write(to: URL(fileURLWithPath: fitPath))
        try Self.gpx(seconds: seconds, speed: 2.8).write(toFile: gpxPath, atomically: true, encoding: .utf8)
        let zone = TimeZone(identifier: "UTC")!
        let read = try median { _ = try Data(contentsOf: URL(fileURLWithPath: fitPath)) }
        var summary: RunSummary?
        let fitTime = try median { summary = try RunFile.summarize(path: fitPath, timeZone: zone) }
        let gpxTime = try median { _ = try RunFile.summarize(path: gpxPath, timeZone: zone) }
        let gpxBytes = (try FileManager.default.attributesOfItem(atPath: gpxPath)[.size] as? Int) ?? 0
        let distance = (summary?.distanceMeters ?? 0) / 1_000
        return [
            String(format: "a %d-hour FIT (%d records, %.1f MB, %.1f km): %.0f ms to summarise (the goal: under 200 ms); reading its bytes alone %.2f ms",
                   Self.hours, seconds + 1, Double(fit.count) / 1_048_576, distance, fitTime * 1_000, read * 1_000),
            String(format: "the same run as GPX (%.1f MB): %.0f ms; the FIT takes %.2f of the GPX's time", Double(gpxBytes) / 1_048_576,
                   gpxTime * 1_000, fitTime / gpxTime),
        ]
    }

    /// The median of five timed runs, after one to warm the caches.
    private func median(_ body: () throws -> Void) throws -> Double {
        try body()
        var times: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return times.sorted()[2]
    }

    /// The FIT run's points as a GPX 1.1 track: north from 48.85, 2.35 at `speed` m/s, a point a second with elevation.
    static func gpx(seconds: Int, speed: Double) -> String {
        let start = Date(timeIntervalSince1970: 1_900_000_000)
        let formatter = ISO8601DateFormatter()
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"schedbench\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        text.reserveCapacity(seconds * 110)
        for second in 0...seconds {
            let latitude = 48.85 + Double(second) * speed / 111_195
            text += "<trkpt lat=\"\(String(format: "%.7f", latitude))\" lon=\"2.3500000\"><ele>35.0</ele><time>"
                + formatter.string(from: start.addingTimeInterval(Double(second))) + "</time></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }
}
