import Foundation
import Testing
@testable import RunSummary

/// The summary as `POST /v1/runs` carries it: every figure survives the trip, a 10-hour run's summary fits the route's
/// 1 MiB body limit, and what could not come from a file is named.
@Suite struct SummaryWireTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    /// Ten hours at 6:00 /km on a 1.25 km loop, a point a second with elevation, heart rate and cadence.
    func tenHourSummary() throws -> (summary: RunSummary, fileBytes: Int) {
        let files = try TemporaryFiles()
        var points = SyntheticTrack.loop(circumference: 1250, laps: 80, secondsPerKilometre: 360, stopAfterMetres: 50_000, stopSeconds: 60)
        for index in points.indices { points[index].elevation = 60 + 20 * sin(Double(index) / 300) }
        let text = TrackWriter.gpx(segments: [points])
        return (try RunFile.summarize(path: try files.write("ten-hours.gpx", text), timeZone: paris), text.utf8.count)
    }

    @Test func aTenHourRun_survivesTheTrip_andItsSummaryIsFarUnderOneMebibyte() throws {
        let (summary, fileBytes) = try tenHourSummary()
        let encoded = try JSONEncoder().encode(summary)
        print("RunSummary wire test: a 10-hour GPX of \(fileBytes) bytes (\(summary.pointCount) points) sends a summary of \(encoded.count) bytes")
        #expect(try JSONDecoder().decode(RunSummary.self, from: encoded) == summary)
        #expect((1_000...RouteThinner.maximumPoints).contains(summary.route.count) && summary.kilometreSplitSeconds.count >= 99, "\(summary.route.count) route points")
        #expect(encoded.count < 400_000 && fileBytes > 5_000_000, "summary \(encoded.count) bytes, file \(fileBytes) bytes")
        #expect(summary.wireProblem == nil)
    }

    @Test func whatNoFileGives_isNamed() throws {
        let good = RunSummary(title: "Loop", start: Date(timeIntervalSince1970: 1_800_000_000), timeZone: paris, distanceMeters: 3_000,
                              movingSeconds: 900, elapsedSeconds: 900, paceSecondsPerKilometre: 300, elevationGainMeters: nil,
                              heartRateAverage: nil, heartRateMax: nil, cadenceAverage: nil, calories: nil,
                              route: [Coordinate(latitude: 48.85, longitude: 2.35)], pointCount: 2)
        #expect(good.wireProblem == nil)
        var summary = good
        summary.movingSeconds = -1
        #expect(summary.wireProblem?.contains("from 0 to 10,000,000") == true)
        summary = good
        summary.route.append(Coordinate(latitude: 91, longitude: 0))
        #expect(summary.wireProblem?.contains("not a position") == true)
        summary = good
        summary.route = Array(repeating: Coordinate(latitude: 1, longitude: 1), count: RouteThinner.maximumPoints + 1)
        #expect(summary.wireProblem?.contains("more than 2000 points") == true)
    }
}
