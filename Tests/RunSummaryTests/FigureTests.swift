import Foundation
import Testing
@testable import RunSummary

/// Figures against answers known from the geometry the test builds.
@Suite struct FigureTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    func summarize(gpx segments: [[SyntheticPoint]], _ files: TemporaryFiles) throws -> RunSummary {
        try RunFile.summarize(path: files.write("run.gpx", TrackWriter.gpx(segments: segments)), timeZone: paris)
    }

    @Test func lapsOfALoopWithATwoMinuteStop() throws {
        let files = try TemporaryFiles()
        // 10 laps of 400 m at 5:00/km, standing still for 2 minutes after 2 km; heart rate 140...159 repeating.
        let points = SyntheticTrack.loop(circumference: 400, laps: 10, secondsPerKilometre: 300, stopAfterMetres: 2000,
                                         stopSeconds: 120, heartRate: { 140 + $0 % 20 })
        let summary = try summarize(gpx: [points], files)

        #expect(abs(summary.distanceMeters - 4000) / 4000 < 0.005, "distance \(summary.distanceMeters)")
        #expect(abs(summary.movingSeconds - 1200) <= 2, "moving \(summary.movingSeconds)")
        #expect(abs(summary.elapsedSeconds - 1320) < 0.001)
        #expect(abs(try #require(summary.paceSecondsPerKilometre) - 300) <= 1)
        #expect(abs(try #require(summary.fastestSplit(in: .metric)) - 300) <= 1)
        #expect(abs(try #require(summary.fastestSplit(in: .imperial)) - 482.8) <= 1.5)
        #expect(abs(try #require(summary.pace(in: .imperial)) - 482.8) <= 1.6)
        #expect(summary.fastestSplit(in: .metric) == summary.kilometreSplitSeconds.min())
        let heartRates = points.compactMap(\.heartRate)
        let mean = Int((Double(heartRates.reduce(0, +)) / Double(heartRates.count)).rounded())
        #expect(summary.heartRateAverage == mean)
        #expect(summary.heartRateMax == 159)
        #expect(summary.cadenceAverage == 170)  // gpxtpx:cad 85 is one foot's
        #expect(summary.elevationGainMeters == 0)
        #expect(summary.pointCount == points.count)
        #expect(summary.title == "Sunday Morning Run")
        #expect(summary.start == Date(timeIntervalSince1970: Timestamps.sundayMorning))
    }

    @Test func splits_areTheMovingTimeOfEachWholeKilometreAndMile_theStopLeftOut() throws {
        let files = try TemporaryFiles()
        // 4.4 km at 5:00/km with a 2-minute stop after 2 km: four whole kilometres of 300 s each (the last 400 m are
        // no split), two whole miles of 482.8 s.
        let points = SyntheticTrack.loop(circumference: 400, laps: 11, secondsPerKilometre: 300, stopAfterMetres: 2000, stopSeconds: 120)
        let summary = try summarize(gpx: [points], files)

        #expect(summary.kilometreSplitSeconds.count == 4)
        #expect(summary.kilometreSplitSeconds.allSatisfy { abs($0 - 300) <= 2 }, "\(summary.kilometreSplitSeconds)")
        #expect(summary.splits(in: .imperial).count == 2, "the last part of a mile is no split")
        #expect(summary.mileSplitSeconds.allSatisfy { abs($0 - 482.8) <= 2 }, "\(summary.mileSplitSeconds)")
    }

    @Test func aPauseBetweenSegmentsIsNotMovingTime() throws {
        let files = try TemporaryFiles()
        let points = SyntheticTrack.line(metres: 3000, speed: 3, elevation: [(0, 10)])
        // The watch paused for 2 minutes after 1,500 m: no points in the gap, and the run goes on in a new segment.
        let first = Array(points[..<501])
        let second = points[501...].map { point -> SyntheticPoint in
            var moved = point
            moved.time = point.time! + 120
            return moved
        }
        let summary = try summarize(gpx: [first, Array(second)], files)
        #expect(abs(summary.movingSeconds - 999) <= 2, "moving \(summary.movingSeconds)")
        #expect(abs(summary.elapsedSeconds - 1120) < 0.001)
        #expect(abs(summary.distanceMeters - 2997) / 2997 < 0.005, "distance \(summary.distanceMeters)")
    }

    @Test func aStopWithNoPointsInAOneSegmentFileIsNotMovingTime() throws {
        let files = try TemporaryFiles()
        var points = SyntheticTrack.line(metres: 2000, speed: 4, elevation: [(0, 10)])
        for index in 250..<points.count { points[index].time! += 120 }  // a 121-second gap, no movement across it
        points[250].latitude = points[249].latitude
        let summary = try summarize(gpx: [points], files)
        #expect(abs(summary.movingSeconds - 499) <= 2, "moving \(summary.movingSeconds)")
    }

    @Test func aClimbOfKnownHeight() throws {
        let files = try TemporaryFiles()
        // 1 km flat, 2 km climbing 120 m, 1 km flat.
        let points = SyntheticTrack.line(metres: 4000, speed: 3, elevation: [(0, 50), (1000, 50), (3000, 170), (4000, 170)])
        let summary = try summarize(gpx: [points], files)
        #expect(abs(try #require(summary.elevationGainMeters) - 120) <= 2, "gain \(summary.elevationGainMeters ?? -1)")
    }

    @Test func aClimbOfKnownHeightWithNoise() throws {
        let files = try TemporaryFiles()
        let profile = [(0.0, 50.0), (1000, 50), (2000, 90), (2500, 70), (3500, 110), (4000, 110)]  // climbs 40 + 40
        let points = SyntheticTrack.line(metres: 4000, speed: 3, elevation: profile, noise: 1)
        let summary = try summarize(gpx: [points], files)
        #expect(abs(try #require(summary.elevationGainMeters) - 80) <= 2, "gain \(summary.elevationGainMeters ?? -1)")
    }

    @Test func aFlatRunWithGPSNoiseHasAlmostNoClimb() throws {
        let files = try TemporaryFiles()
        let points = SyntheticTrack.line(metres: 5000, speed: 3, elevation: [(0, 30)], noise: 1)
        let summary = try summarize(gpx: [points], files)
        #expect(try #require(summary.elevationGainMeters) < 1, "gain \(summary.elevationGainMeters ?? -1)")
    }

    @Test func theFastestKilometreAndMile() throws {
        let files = try TemporaryFiles()
        // 1 km at 5:00/km, 1 km at 4:00/km, 1 km at 5:00/km, sampled every 5 s so stretches start between points.
        let frame = LocalFrame()
        var points: [SyntheticPoint] = []
        var time = Timestamps.sundayMorning, metres = 0.0
        while metres < 3000 {
            let position = frame.position(east: 0, north: metres)
            points.append(SyntheticPoint(time: time, latitude: position.latitude, longitude: position.longitude))
            let speed = (1000..<2000).contains(metres) ? 1000.0 / 240 : 1000.0 / 300
            metres += speed * 5
            time += 5
        }
        let summary = try summarize(gpx: [points], files)
        #expect(abs(try #require(summary.fastestSplit(in: .metric)) - 240) <= 1)
        // The fastest whole mile, the only one: the first kilometre at 5:00/km and 609.344 m of the fast one.
        #expect(abs(try #require(summary.fastestSplit(in: .imperial)) - (300 + 0.609344 * 240)) <= 1.5)
    }

    @Test func aRunShorterThanAKilometreHasNoFastestKilometre() throws {
        let files = try TemporaryFiles()
        let summary = try summarize(gpx: [SyntheticTrack.line(metres: 900, speed: 3, elevation: [(0, 0)])], files)
        #expect(summary.fastestSplit(in: .metric) == nil)
        #expect(summary.fastestSplit(in: .imperial) == nil)
        #expect(summary.distanceMeters > 890)
    }

    @Test func standingStillIsNoMovingTimeAndNoPace() throws {
        let files = try TemporaryFiles()
        var points = SyntheticTrack.line(metres: 300, speed: 3, elevation: [(0, 0)])
        for index in points.indices { points[index].latitude = points[0].latitude }
        let summary = try summarize(gpx: [points], files)
        #expect(summary.distanceMeters == 0)
        #expect(summary.movingSeconds == 0)
        #expect(summary.elapsedSeconds == 100)
        #expect(summary.paceSecondsPerKilometre == nil)
    }
}
