import FITTestSupport
import Foundation
import Testing
@testable import RunSummary

/// A run file that recorded no distance at all is refused saying so, not posted as "0.00 km" (issue 48, item 17).
@Suite struct NoDistanceTests {
    let utc = TimeZone(identifier: "UTC")!
    let start = Date(timeIntervalSince1970: 1_900_000_000)

    func summary(_ bytes: [UInt8]) throws -> RunSummary {
        let files = try TemporaryFiles()
        return try RunFile.summarize(path: try files.write("run.fit", bytes: bytes), timeZone: utc)
    }

    func problem(_ bytes: [UInt8]) throws -> String {
        let files = try TemporaryFiles()
        let path = try files.write("bad.fit", bytes: bytes)
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: path, timeZone: utc) }
        return try #require(error).problem
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
