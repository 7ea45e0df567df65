import FITTestSupport
import Foundation
import Testing
@testable import RunSummary

/// FIT times below 0x10000000 count seconds since the watch was switched on: the run is dated from the file's other
/// times, or refused saying why (issue 48, item 16).
@Suite struct FITDatingTests {
    let utc = FITReading.utc
    let start = FITReading.start

    func summary(_ bytes: [UInt8]) throws -> RunSummary { try FITReading.summary(bytes) }

    func problem(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try FITReading.problem(bytes, sourceLocation: sourceLocation)
    }

    // MARK: 16. Power-on times

    /// Records timed 1,000 s after the watch was switched on, one a second, with `created` as the file_id's time_created
    /// and `sessionTime` as the session's own timestamp.
    func powerOnRun(created: UInt32?, sessionTime: UInt32?) -> [UInt8] {
        var writer = FITWriter()
        writer.message(0, local: 1, [.e(0, 4), .u32(4, created)])
        for second in 0...300 {
            writer.message(20, [.u32(253, 1_000 + UInt32(second)), .s32(0, FITWriter.semicircles(48.85 + Double(second) * 3 / 111_195)),
                                .s32(1, FITWriter.semicircles(2.35)), .u8(3, 140), .u32(5, UInt32(second * 300))])
        }
        writer.message(18, local: 3, [.u32(253, sessionTime), .u32(2, 1_000), .e(5, 1), .u32(7, 300_000), .u32(8, 300_000), .u32(9, 90_000)])
        return writer.file
    }

    @Test func powerOnTimes_areDatedFromTheFilesCreationTime() throws {
        let run = try summary(powerOnRun(created: FITWriter.fitTime(start), sessionTime: nil))
        #expect(run.start == start, "not 1990: \(run.start)")
        #expect(run.elapsedSeconds == 300 && run.distanceMeters == 900)
    }

    @Test func powerOnTimes_withoutACreationTime_areDatedFromTheSessionWrittenAtTheEnd() throws {
        let run = try summary(powerOnRun(created: nil, sessionTime: FITWriter.fitTime(start) + 300))
        #expect(run.start == start, "\(run.start)")
    }

    @Test func powerOnTimes_withNothingDated_areRefusedSayingWhy() throws {
        let said = try problem(powerOnRun(created: 999, sessionTime: nil))
        #expect(said.contains("seconds since the watch was switched on") && said.contains("cannot be dated"), "\(said)")
    }
}
