import FITTestSupport
import Foundation
import Testing
@testable import RunSummary

/// What a FIT file holds besides the usual: latitudes that cannot be, record field 8's packed distance, and files that
/// are not activities (issue 48, item 19).
@Suite struct FITFileKindsTests {
    let utc = FITReading.utc
    let start = FITReading.start

    func summary(_ bytes: [UInt8]) throws -> RunSummary { try FITReading.summary(bytes) }

    func problem(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try FITReading.problem(bytes, sourceLocation: sourceLocation)
    }

    // MARK: 19. Latitudes, record field 8, file types

    @Test func latitudesBeyondNinetyDegrees_areLeftOut_theRestOfEachPointKept() throws {
        var writer = FITWriter()
        writer.message(0, local: 1, [.e(0, 4), .u32(4, FITWriter.fitTime(start))])
        for second in 0...300 {
            writer.message(20, [.u32(253, FITWriter.fitTime(start) + UInt32(second)), .s32(0, FITWriter.semicircles(120 + Double(second) * 3 / 111_195)),
                                .s32(1, FITWriter.semicircles(2.35)), .u32(5, UInt32(second * 300))])
        }
        let run = try summary(writer.file)
        #expect(run.route.isEmpty, "no latitude is beyond 90°: \(run.route.prefix(2))")
        #expect(run.distanceMeters == 900 && run.elapsedSeconds == 300, "the records' distances and times still count")
    }

    @Test func recordField8_speedAndDistancePacked_givesTheDistance_overItsRollovers() throws {
        var writer = FITWriter()
        writer.message(0, local: 1, [.e(0, 4), .u32(4, FITWriter.fitTime(start))])
        for second in 0...600 {
            let speed = 300, sixteenths = (second * 3 * 16) % 4_096   // 3 m/s; the distance rolls over every 256 m
            let packed: [UInt8] = [UInt8(speed & 0xFF), UInt8((speed >> 8) & 0x0F) | UInt8((sixteenths & 0x0F) << 4), UInt8(sixteenths >> 4)]
            writer.message(20, [.u32(253, FITWriter.fitTime(start) + UInt32(second)), .bytes(8, packed), .u8(3, 140)])
        }
        writer.message(18, local: 3, [.u32(2, FITWriter.fitTime(start)), .e(5, 1), .u32(7, 600_000), .u32(8, 600_000)])
        let run = try summary(writer.file)
        #expect(run.distanceMeters == 1_800 && run.movingSeconds == 600, "\(run.distanceMeters) m")
        #expect(run.kilometreSplitSeconds.count == 1)
    }

    @Test(arguments: [(UInt8(5), "a workout file"), (2, "a settings file"), (9, "a weight file"), (6, "a course file")])
    func aFileThatIsNoActivity_isNamedForWhatItIs(_ type: UInt8, _ name: String) throws {
        var writer = FITWriter()
        writer.message(0, local: 1, [.e(0, type), .u32(4, FITWriter.fitTime(start))])
        writer.message(26, [.u32(253, FITWriter.fitTime(start))])
        #expect(try problem(writer.file) == "is \(name), not an activity: export the run itself from the watch or its app (at byte 0)")
    }
}
