import Foundation
import Testing
@testable import RunSummary

/// Impossible GPS points are dropped and counted, the figures stay those of the run, and a file with nothing
/// sensible left is refused saying why: never a 5,000 km run or a pace of 0:01 /km.
@Suite struct BadGPSTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    /// 4 km: 10 laps of 400 m at 5:00/km, a point a second (1,201 points).
    static func fourKilometres() -> [SyntheticPoint] {
        SyntheticTrack.loop(circumference: 400, laps: 10, secondsPerKilometre: 300, stopAfterMetres: 0, stopSeconds: 0)
    }

    func summarize(_ points: [SyntheticPoint], segments: [[SyntheticPoint]]? = nil) throws -> RunSummary {
        let files = try TemporaryFiles()
        return try RunFile.summarize(path: files.write("run.gpx", TrackWriter.gpx(segments: segments ?? [points])), timeZone: paris)
    }

    func refusal(_ points: [SyntheticPoint]) throws -> String {
        let files = try TemporaryFiles()
        let path = try files.write("run.gpx", TrackWriter.gpx(segments: [points]))
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: path, timeZone: paris) }
        return try #require(error).problem
    }

    /// The figures of the clean 4 km, whatever was wrong with the file.
    func expectTheFourKilometres(_ summary: RunSummary, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(abs(summary.distanceMeters - 4000) < 20, "distance \(summary.distanceMeters)", sourceLocation: sourceLocation)
        #expect(abs(summary.movingSeconds - 1200) <= 3, "moving \(summary.movingSeconds)", sourceLocation: sourceLocation)
        #expect(abs(summary.elapsedSeconds - 1200) <= 3, "elapsed \(summary.elapsedSeconds)", sourceLocation: sourceLocation)
        let pace = try #require(summary.paceSecondsPerKilometre, sourceLocation: sourceLocation)
        #expect(abs(pace - 300) <= 2, "pace \(pace)", sourceLocation: sourceLocation)
        // The loop's chords measure a hair under 4 km: three whole kilometres, each at 5:00.
        #expect(summary.kilometreSplitSeconds.count == 3 && summary.kilometreSplitSeconds.allSatisfy { abs($0 - 300) <= 3 },
                "\(summary.kilometreSplitSeconds)", sourceLocation: sourceLocation)
        let gain = try #require(summary.elevationGainMeters, sourceLocation: sourceLocation)
        #expect(gain < 1, "the loop is flat: \(gain)", sourceLocation: sourceLocation)
    }

    @Test func aPointAtZeroZero_isDroppedAndCounted() throws {
        var points = Self.fourKilometres()
        points[600].latitude = 0; points[600].longitude = 0; points[600].elevation = 0
        let summary = try summarize(points)
        try expectTheFourKilometres(summary)
        #expect(summary.droppedPoints == DroppedPoints(zeroPosition: 1))
        #expect(summary.pointCount == points.count)
    }

    @Test func aFirstPointAtZeroZero_beforeTheGPSHasAFix_isDropped() throws {
        var points = Self.fourKilometres()
        // The watch wrote a point at 0,0 a few seconds before the run began.
        var nowhere = points[0]
        nowhere.latitude = 0; nowhere.longitude = 0; nowhere.time! -= 3
        points.insert(nowhere, at: 0)
        let summary = try summarize(points)
        try expectTheFourKilometres(summary)
        #expect(summary.droppedPoints.zeroPosition == 1 && summary.droppedPoints.total == 1)
    }

    @Test func aPointHundredsOfKilometresAway_isDropped() throws {
        var points = Self.fourKilometres()
        points[300].latitude! += 3  // 333 km north, for one second
        let summary = try summarize(points)
        try expectTheFourKilometres(summary)
        #expect(summary.droppedPoints == DroppedPoints(tooFast: 1))
    }

    @Test func aFirstPointHundredsOfKilometresAway_isDropped_notTheRestOfTheRun() throws {
        var points = Self.fourKilometres()
        points[0].latitude! -= 4
        points[0].longitude! += 2
        let summary = try summarize(points)
        #expect(summary.droppedPoints == DroppedPoints(tooFast: 1))
        #expect(abs(summary.distanceMeters - 4000) < 20 && abs(summary.movingSeconds - 1199) <= 3, "\(summary.distanceMeters) \(summary.movingSeconds)")
        #expect(summary.start == Date(timeIntervalSince1970: Timestamps.sundayMorning + 1))
    }

    @Test func jumpsFasterThan12MetresASecond_areDropped_singlyAndInABurst() throws {
        var points = Self.fourKilometres()
        points[200].latitude! += 0.0005     // 56 m off for one second
        for index in 700..<703 { points[index].longitude! += 0.003 }  // three points 220 m east, then back
        let summary = try summarize(points)
        try expectTheFourKilometres(summary)
        #expect(summary.droppedPoints == DroppedPoints(tooFast: 4))
    }

    @Test func aStepJustUnder12MetresASecond_isKept() throws {
        // A sprint finish: 11 m/s is fast, not impossible.
        let points = SyntheticTrack.line(metres: 1100, speed: 11, elevation: [(0, 10)])
        let summary = try summarize(points)
        #expect(summary.droppedPoints.total == 0)
        #expect(abs(summary.distanceMeters - 1100) < 2)
    }

    @Test func aTimeThatGoesBackwards_isDropped() throws {
        var points = Self.fourKilometres()
        points[500].time! -= 3600
        let summary = try summarize(points)
        try expectTheFourKilometres(summary)
        #expect(summary.droppedPoints == DroppedPoints(timeOutOfOrder: 1))
    }

    @Test func aTimeThatLeapsAheadAndComesBack_isDropped() throws {
        var points = Self.fourKilometres()
        points[500].time! += 3600
        let summary = try summarize(points)
        try expectTheFourKilometres(summary)
        #expect(summary.droppedPoints == DroppedPoints(timeOutOfOrder: 1))
    }

    @Test func aFirstPointWithATimeAfterTheRun_isDropped_notTheMovingTime() throws {
        // The "9.99 km in 0:00" file: every step after the first point went back in time.
        var points = Self.fourKilometres()
        points[0].time! += 7200
        let summary = try summarize(points)
        #expect(summary.droppedPoints == DroppedPoints(timeOutOfOrder: 1))
        #expect(abs(summary.movingSeconds - 1199) <= 3 && abs(summary.distanceMeters - 3997) < 20)
    }

    @Test func aRunInTwoPlaces_likeAWatchCarriedOnATrain_keepsBothStretches_notTheJourney() throws {
        let first = SyntheticTrack.line(metres: 1500, speed: 3, elevation: [(0, 10)])
        // 20 minutes later, 30 km further north, the run goes on in the same segment.
        let second = SyntheticTrack.line(metres: 1500, speed: 3, elevation: [(0, 10)]).map { point -> SyntheticPoint in
            var moved = point
            moved.time! += 500 + 1200
            moved.latitude! += 0.27
            return moved
        }
        let summary = try summarize(first + second)
        #expect(summary.droppedPoints.total == 0, "\(summary.droppedPoints)")
        #expect(abs(summary.distanceMeters - 3000) < 10, "distance \(summary.distanceMeters)")
        #expect(abs(summary.movingSeconds - 1000) <= 3)
    }

    @Test func aSinglePointFile_isRefused() throws {
        let points = Array(Self.fourKilometres().prefix(1))
        #expect(try refusal(points) == "has a single track point: a run needs at least two, at different times")
    }

    @Test func aFileOfPointsAtZeroZero_isRefused_sayingHowManyWereDropped() throws {
        var points = Array(Self.fourKilometres().prefix(20))
        for index in points.indices { points[index].latitude = 0; points[index].longitude = 0 }
        #expect(try refusal(points) == "has no run left once 20 of 20 track points are dropped as impossible GPS (20 at 0°N 0°E): "
            + "a run needs at least two track points with sensible positions and times")
    }

    @Test func twoPointsOneAtZeroZero_areRefused() throws {
        var points = Array(Self.fourKilometres().prefix(2))
        points[0].latitude = 0; points[0].longitude = 0
        #expect(try refusal(points) == "has no run left once 1 of 2 track points is dropped as impossible GPS (1 at 0°N 0°E): "
            + "a run needs at least two track points with sensible positions and times")
    }

    @Test func pointsThatAllHaveTheSameTime_areRefused() throws {
        var points = Array(Self.fourKilometres().prefix(10))
        for index in points.indices { points[index].time = Timestamps.sundayMorning }
        #expect(try refusal(points) == "has no time passing: its 10 track points all have the time 2024-05-05T05:30:00Z")
    }

    @Test func aLapDistanceNoOneCouldRunInTheTrackTime_isRefused_notPostedWithAnImpossiblePace() throws {
        // The laps say 10 km; the track moved for 100 s.
        let points = SyntheticTrack.line(metres: 300, speed: 3, elevation: [(0, 0)])
        let lap = TrackWriter.Lap(points: points, seconds: 100, metres: 10_000, calories: 20)
        let files = try TemporaryFiles()
        let path = try files.write("run.tcx", TrackWriter.tcx(laps: [lap]))
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: path, timeZone: paris) }
        #expect(error?.problem == "covers 10.00 km in 1:40 of moving time, faster than anyone runs (over 12 m/s): "
            + "the file's distance and times disagree")
    }

    @Test func noBadCaseGivesAnImpossiblePace() throws {
        var cases: [[SyntheticPoint]] = []
        // (A first point earlier than the rest, or a last point later, is a wait at the start or the end, not a fault.)
        for index in [0, 1, 300, 1199, 1200] {
            var zero = Self.fourKilometres(); zero[index].latitude = 0; zero[index].longitude = 0; cases.append(zero)
            var far = Self.fourKilometres(); far[index].longitude! += 5; cases.append(far)
            if index > 0 { var back = Self.fourKilometres(); back[index].time! -= 600; cases.append(back) }
            if index < 1200 { var ahead = Self.fourKilometres(); ahead[index].time! += 600; cases.append(ahead) }
        }
        for points in cases {
            let summary = try summarize(points)
            let pace = try #require(summary.paceSecondsPerKilometre)
            #expect(pace >= 1000 / PointFilter.maximumSpeed && abs(pace - 300) < 3, "pace \(pace)")
            #expect(summary.distanceMeters < 4020 && summary.distanceMeters > 3980, "distance \(summary.distanceMeters)")
            #expect(summary.droppedPoints.total == 1, "\(summary.droppedPoints)")
        }
    }
}

/// TCX `RunCadence` (and Garmin's GPX `cad`) count one foot's steps; runners read both feet's.
@Suite struct CadenceTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    @Test func tcxRunCadenceOf86_isRead_as172StepsAMinute() throws {
        var points = SyntheticTrack.line(metres: 1200, speed: 3, elevation: [(0, 0)])
        for index in points.indices { points[index].cadence = 86 }
        let lap = TrackWriter.Lap(points: points, seconds: 400, metres: 1200, calories: 80)
        let files = try TemporaryFiles()
        let text = TrackWriter.tcx(laps: [lap])
        #expect(text.contains("<ns3:RunCadence>86</ns3:RunCadence>"))
        let summary = try RunFile.summarize(path: files.write("run.tcx", text), timeZone: paris)
        #expect(summary.cadenceAverage == 172)
    }

    @Test func aGPXWithBothFeetsCadence_isNotDoubled() throws {
        var points = SyntheticTrack.line(metres: 1200, speed: 3, elevation: [(0, 0)])
        for index in points.indices { points[index].cadence = 168 + index % 2 * 8 }
        let files = try TemporaryFiles()
        let summary = try RunFile.summarize(path: files.write("run.gpx", TrackWriter.gpx(segments: [points])), timeZone: paris)
        #expect(summary.cadenceAverage == 172)
    }
}

/// The elevation along the distance, for the card's profile.
@Suite struct ElevationProfileTests {
    @Test func theProfileFollowsTheClimbAlongTheDistance() throws {
        let files = try TemporaryFiles()
        let points = SyntheticTrack.line(metres: 4000, speed: 3, elevation: [(0, 50), (1000, 50), (3000, 170), (4000, 170)])
        let summary = try RunFile.summarize(path: files.write("climb.gpx", TrackWriter.gpx(segments: [points])),
                                            timeZone: TimeZone(identifier: "UTC")!)
        let profile = summary.elevationProfile
        #expect(profile.count <= RunSummary.maximumProfileSamples && profile.count > 100)
        #expect(profile.first == ElevationSample(distanceMeters: 0, elevationMeters: 50))
        let last = try #require(profile.last)
        #expect(abs(last.distanceMeters - summary.distanceMeters) < 0.5 && last.elevationMeters == 170)
        #expect(zip(profile, profile.dropFirst()).allSatisfy { $0.distanceMeters <= $1.distanceMeters })
        let halfway = try #require(profile.min { abs($0.distanceMeters - 2000) < abs($1.distanceMeters - 2000) })
        #expect(abs(halfway.elevationMeters - 110) < 3, "\(halfway)")
    }

    @Test func aTreadmillRunHasNoProfile() throws {
        let files = try TemporaryFiles()
        let points = SyntheticTrack.loop(circumference: 400, laps: 3, secondsPerKilometre: 360, stopAfterMetres: 0, stopSeconds: 0)
        let lap = TrackWriter.Lap(points: points, seconds: 432, metres: 1200, calories: 90)
        let path = try files.write("treadmill.tcx", TrackWriter.tcx(laps: [lap], positions: false))
        #expect(try RunFile.summarize(path: path, timeZone: TimeZone(identifier: "UTC")!).elevationProfile.isEmpty)
    }
}
