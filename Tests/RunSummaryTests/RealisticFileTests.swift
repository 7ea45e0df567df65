import Foundation
import Testing
@testable import RunSummary

/// Files shaped like real exports: a Garmin GPX with extensions, a TCX with laps and calories, a treadmill TCX.
@Suite struct RealisticFileTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func aGarminGPXWithHeartRateAndCadenceExtensions() throws {
        let files = try TemporaryFiles()
        var random = SeededNoise(seed: 42)
        var points = SyntheticTrack.loop(circumference: 1250, laps: 4, secondsPerKilometre: 330, stopAfterMetres: 2500,
                                         stopSeconds: 45, heartRate: { 130 + min($0 / 20, 40) })
        for index in points.indices {
            points[index].elevation = 60 + 8 * sin(Double(index) / 200) + random.next(amplitude: 0.8)
            points[index].cadence = 86 + index % 3
        }
        // Fractional seconds, as some exporters write them.
        let path = try files.write("Morning_Run.gpx", TrackWriter.gpx(segments: [points], fractional: true))
        let summary = try RunFile.summarize(path: path, timeZone: paris)

        #expect(abs(summary.distanceMeters - 5000) / 5000 < 0.005)
        #expect(abs(summary.movingSeconds - 1650) <= 2)
        #expect(summary.heartRateMax == 170)
        #expect(summary.cadenceAverage == 174)  // one foot's 86…88, doubled
        #expect(summary.pointCount == points.count)
        #expect(!summary.route.isEmpty && summary.route.count <= RouteThinner.maximumPoints)
        #expect(summary.route.last == Coordinate(latitude: points.last!.latitude!, longitude: points.last!.longitude!))
        let gain = try #require(summary.elevationGainMeters)
        #expect(gain > 15 && gain < 40, "gain \(gain)")  // the sine rises about 8 m, then 16 m
        #expect(summary.title == "Sunday Morning Run")
        // The metadata's time is the file's, not the run's.
        #expect(summary.start == Date(timeIntervalSince1970: Timestamps.sundayMorning))
    }

    @Test func theExtensionPrefixMayDiffer() throws {
        let files = try TemporaryFiles()
        let points = SyntheticTrack.line(metres: 1200, speed: 3, elevation: [(0, 5)])
        let text = TrackWriter.gpx(segments: [points], prefix: "ns3")
            .replacingOccurrences(of: "xmlns:gpxtpx=", with: "xmlns:ns3=")
        let summary = try RunFile.summarize(path: files.write("ns3.gpx", text), timeZone: paris)
        #expect(summary.heartRateAverage == 140)
        #expect(summary.heartRateMax == 140)
    }

    @Test func aTCXWithTwoLapsAndCalories() throws {
        let files = try TemporaryFiles()
        let points = SyntheticTrack.loop(circumference: 500, laps: 4, secondsPerKilometre: 300, stopAfterMetres: 1000,
                                         stopSeconds: 0, heartRate: { $0 < 300 ? 150 : 160 })
        let laps = [
            TrackWriter.Lap(points: Array(points[..<301]), seconds: 300, metres: 1000, calories: 70),
            TrackWriter.Lap(points: Array(points[301...]), seconds: 300, metres: 1000, calories: 75),
        ]
        let summary = try RunFile.summarize(path: files.write("run.tcx", TrackWriter.tcx(laps: laps)), timeZone: paris)

        #expect(summary.distanceMeters == 2000)  // the laps' own distance
        #expect(abs(summary.movingSeconds - 600) <= 2)
        #expect(abs(try #require(summary.paceSecondsPerKilometre) - 300) <= 1)
        #expect(summary.calories == 145)
        #expect(summary.heartRateAverage == Int((Double(300 * 150 + 301 * 160) / 601).rounded()))
        #expect(summary.heartRateMax == 160)  // not the lap's AverageHeartRateBpm
        #expect(summary.cadenceAverage == 170)  // RunCadence 85 is one foot's
        #expect(summary.elevationGainMeters == 0)
        #expect(!summary.route.isEmpty)
        #expect(abs(try #require(summary.fastestSplit(in: .metric)) - 300) <= 1)
    }

    @Test func aTreadmillTCXWithNoPositions() throws {
        let files = try TemporaryFiles()
        // 3 km at 6:00/km with the belt stopped for 2 minutes after 1.5 km; distance only from the file.
        let points = SyntheticTrack.loop(circumference: 400, laps: 8, secondsPerKilometre: 360, stopAfterMetres: 1500,
                                         stopSeconds: 120)
        let lap = TrackWriter.Lap(points: points, seconds: 1200, metres: 3200, calories: 260)
        let path = try files.write("treadmill.tcx", TrackWriter.tcx(laps: [lap], positions: false))
        let summary = try RunFile.summarize(path: path, timeZone: paris)

        #expect(summary.route.isEmpty)
        #expect(summary.elevationGainMeters == nil)
        #expect(summary.distanceMeters == 3200)
        #expect(abs(summary.movingSeconds - 1152) <= 2, "moving \(summary.movingSeconds)")
        #expect(abs(try #require(summary.paceSecondsPerKilometre) - 360) <= 1)
        #expect(summary.calories == 260)
        #expect(summary.heartRateAverage == 150)
        #expect(abs(try #require(summary.fastestSplit(in: .metric)) - 360) <= 1)
    }

    @Test func aTreadmillTCXWithLapTotalsOnly() throws {
        let files = try TemporaryFiles()
        var points = SyntheticTrack.line(metres: 1500, speed: 2.5, elevation: [(0, 0)])
        for index in points.indices { points[index].distance = nil }
        let lap = TrackWriter.Lap(points: points, seconds: 590, metres: 1500, calories: 110)
        let path = try files.write("bare.tcx", TrackWriter.tcx(laps: [lap], positions: false))
        let summary = try RunFile.summarize(path: path, timeZone: paris)
        #expect(summary.distanceMeters == 1500)
        #expect(summary.movingSeconds == 590)  // the lap's timer time
        #expect(summary.route.isEmpty)
    }
}
