import FITTestSupport
import Foundation
import Testing
@testable import RunSummary

/// A run file that recorded no distance at all is refused saying so, not posted as "0.00 km" (issue 48, item 17).
@Suite struct NoDistanceTests {
    let utc = FITReading.utc
    let start = FITReading.start

    func summary(_ bytes: [UInt8]) throws -> RunSummary { try FITReading.summary(bytes) }

    func problem(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try FITReading.problem(bytes, sourceLocation: sourceLocation)
    }

    // MARK: 17. No distance at all

    @Test func aHeartRateOnlyRun_isRefused_saysTheFileHoldsNoDistance() throws {
        var writer = FITWriter()
        writer.message(0, local: 1, [.e(0, 4), .u32(4, FITWriter.fitTime(start))])
        for second in 0...3_427 { writer.message(20, [.u32(253, FITWriter.fitTime(start) + UInt32(second)), .u8(3, 150)]) }
        writer.message(18, local: 3, [.u32(2, FITWriter.fitTime(start)), .e(5, 1), .u32(7, 3_427_000), .u32(8, 3_427_000)])
        let said = try problem(writer.file)
        #expect(said.hasPrefix("holds no distance: its track points have times and heart rates but no positions and no distances"), "\(said)")
    }
}
