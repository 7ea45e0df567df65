import FITTestSupport
import Foundation
import Testing
@testable import RunSummary

/// A FIT session's totals taken as the watch showed them when they can be right, and replaced by the records' own
/// figures, with a note saying so, when they cannot (issue 48, items 15 and 18).
@Suite struct FITSessionTotalsTests {
    let utc = FITReading.utc
    let start = FITReading.start

    func summary(_ bytes: [UInt8]) throws -> RunSummary { try FITReading.summary(bytes) }

    func problem(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try FITReading.problem(bytes, sourceLocation: sourceLocation)
    }

    // MARK: 15. The session's timer against its own elapsed time

    @Test func aTimerAFractionLongerThanTheRecords_isTheWatchsWhenTheSessionsElapsedTimeAgrees() throws {
        // Whole-second records spanning 2,624 s; the session's timer and elapsed time count 2,625.14 s (43:45).
        let run = try summary(FITWriter.run(seconds: 2_624, sessionExtras: [.u32(7, 2_625_140), .u32(8, 2_625_140)]))
        #expect(run.movingSeconds == 2_625.14, "the watch's 43:45, not the records' \(run.movingSeconds)")
        #expect(run.notes.isEmpty, "\(run.notes)")
        // Half a per cent of 2,625 s is 13 s: a timer 20 s past both is still not trusted.
        let long = try summary(FITWriter.run(seconds: 2_624, sessionExtras: [.u32(7, 2_625_000), .u32(8, 2_645_000)]))
        #expect(abs(long.movingSeconds - 2_624) < 1 && long.notes.contains { $0.contains("longer than the run's elapsed time") }, "\(long.notes)")
    }

    // MARK: 18. Session totals that cannot be right

    @Test func aTimerGivingAPaceFasterThanAnyone_isLeftForTheRecordsTime_withANote() throws {
        let run = try summary(FITWriter.run(seconds: 600, sessionExtras: [.u32(8, 1)]))   // 0.001 s
        #expect(abs(run.movingSeconds - 600) < 1, "\(run.movingSeconds)")
        #expect(abs((run.paceSecondsPerKilometre ?? 0) - 600 / 1.8) < 1, "no pace faster than 1:23 /km")
        #expect(run.notes == ["the watch's timer time (0:00) would make 1.80 km faster than anyone runs, so the moving time is worked out from the records"],
                "\(run.notes)")
    }

    @Test func anImpossibleAscentAndHeartRate_areTheRecords_withNotes() throws {
        let run = try summary(FITWriter.run(seconds: 600, sessionExtras: [.u16(22, 65_534), .u8(16, 254), .u8(17, 250)]))
        #expect(run.elevationGainMeters != 65_534 && run.heartRateAverage == 140 && run.heartRateMax == 140)
        #expect(run.notes.count == 3 && run.notes.contains { $0.contains("ascent (65534 m) is more than anyone climbs") }, "\(run.notes)")
        #expect(run.notes.contains("the watch's average heart rate (254 bpm) is no heart's, so the records' (140 bpm) is posted"), "\(run.notes)")
    }
}
