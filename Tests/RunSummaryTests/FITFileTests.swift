import FITTestSupport
import Foundation
import Testing
@testable import RunSummary

/// FIT files (made by ``FITWriter``, written apart from the decoder) read to the figures they hold, in either byte order,
/// with compressed timestamps, developer fields and invalid values; and every bad file refused with what and where.
@Suite struct FITFileTests {
    let utc = TimeZone(identifier: "UTC")!

    func summary(_ bytes: [UInt8], name: String = "run.fit") throws -> RunSummary {
        let files = try TemporaryFiles()
        return try RunFile.summarize(path: try files.write(name, bytes: bytes), timeZone: utc)
    }

    func problem(_ bytes: [UInt8], name: String = "bad.fit", runNumber: Int? = nil) throws -> String {
        let files = try TemporaryFiles()
        let path = try files.write(name, bytes: bytes)
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: path, timeZone: utc, runNumber: runNumber) }
        return try #require(error).problem
    }

    @Test func aRun_isReadToItsFigures_fromTheSessionAndTheRecords() throws {
        let run = try summary(FITWriter.run(seconds: 600, speed: 3, sessionDistance: 1_805))
        #expect(run.distanceMeters == 1_805, "the session's distance, as the watch showed it")
        #expect(run.elapsedSeconds == 600 && abs(run.movingSeconds - 600) < 1)
        #expect(run.heartRateAverage == 140 && run.heartRateMax == 140 && run.cadenceAverage != nil)
        #expect(run.start == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(run.route.count > 2 && abs((run.route.first?.latitude ?? 0) - 48.85) < 0.0001, "the route from the records")
        #expect(run.pointCount == 601)
    }

    @Test func theWatchesOwnFigures_comeFromTheSession_theRouteAndSplitsFromTheRecords() throws {
        // The session states a timer time shorter than elapsed (auto-pause), the barometer's ascent, heart rate and calories.
        let bytes = FITWriter.run(seconds: 1_200, speed: 3, sessionDistance: 3_610,
                                  sessionExtras: [.u16(22, 57), .u8(16, 152), .u8(17, 178), .u16(11, 310)])
        var patched = try summary(bytes)
        #expect(patched.elevationGainMeters == 57 && patched.heartRateAverage == 152 && patched.heartRateMax == 178 && patched.calories == 310)
        #expect(patched.distanceMeters == 3_610 && patched.movingSeconds == 1_200)
        #expect(abs((patched.paceSecondsPerKilometre ?? 0) - 1_200 / 3.61) < 0.01, "the pace from the watch's distance and timer time")
        #expect(patched.kilometreSplitSeconds.count == 3, "the splits from the records")
        patched = try summary(FITWriter.run(seconds: 1_200, speed: 3))
        #expect(patched.heartRateAverage == 140, "without them in the session, the records' figures")
    }

    @Test func bigEndian_compressedTimestamps_andDeveloperFields_readTheSame() throws {
        let plain = try summary(FITWriter.run(seconds: 300))
        for (name, bytes) in [("big-endian", FITWriter.run(seconds: 300, bigEndian: true)),
                              ("compressed timestamps", FITWriter.run(seconds: 300, compressed: true)),
                              ("developer fields", FITWriter.run(seconds: 300, developerBytes: 5))] {
            let other = try summary(bytes)
            #expect(other.distanceMeters == plain.distanceMeters && other.elapsedSeconds == plain.elapsedSeconds, "\(name)")
            #expect(other.route == plain.route && other.heartRateAverage == plain.heartRateAverage, "\(name)")
        }
    }

    @Test func aTreadmillRun_hasNoRoute_butItsDistanceAndTime() throws {
        let run = try summary(FITWriter.run(seconds: 400, positions: false))
        #expect(run.route.isEmpty && run.distanceMeters == 1_200 && run.elapsedSeconds == 400)
    }

    @Test func invalidValues_areLeftOut_andARecordWithNothingValidIsNoPoint() throws {
        var writer = FITWriter()
        let start = FITWriter.fitTime(Date(timeIntervalSince1970: 1_900_000_000))
        for second in 0...120 {
            writer.message(20, [.u32(253, start + UInt32(second)), .s32(0, FITWriter.semicircles(48.85 + Double(second) * 3 / 111_195)),
                                .s32(1, FITWriter.semicircles(2.35)), .u8(3, second % 2 == 0 ? 150 : nil), .u32(5, UInt32(second * 300))])
        }
        writer.message(20, [.u32(253, nil), .s32(0, nil), .s32(1, nil), .u8(3, nil), .u32(5, nil)])
        let run = try summary(writer.file)
        #expect(run.heartRateAverage == 150, "0xFF marks no heart rate, never 255 bpm")
        #expect(run.pointCount == 121, "a record with every field invalid is no point")
    }

    @Test func twoChainedFiles_areReadAsOne() throws {
        let first = FITWriter.run(seconds: 200)
        var second = FITWriter()
        second.message(0, local: 1, [.e(0, 4)])
        let run = try summary(first + second.file)
        #expect(run.elapsedSeconds == 200)
    }

    @Test func aCyclingFile_isRefusedWithItsSport_andAFileWithTwoRunsSaysSo() throws {
        #expect(try problem(FITWriter.run(seconds: 100, sport: 2)) == "is a cycling activity, not a run (at byte 0)")
        var writer = FITWriter()
        for _ in 0..<2 { writer.message(18, [.e(5, 1), .u32(7, 1000)]) }
        #expect(try problem(writer.file).contains("holds 2 runs"))
    }

    /// A day's multi-sport file: a 10-minute run at 3 m/s, a 10-minute ride, a 5-minute run at 4 m/s, one record a second.
    static func runRideRun() -> [UInt8] {
        let start = Date(timeIntervalSince1970: 1_900_000_000)
        var writer = FITWriter()
        writer.message(0, local: 1, [.e(0, 4), .u32(4, FITWriter.fitTime(start))])
        var metres = 0.0
        for second in 0...1_500 {
            metres += second <= 600 ? 3 : second <= 1_200 ? 8 : 4
            writer.message(20, [.u32(253, FITWriter.fitTime(start) + UInt32(second)), .s32(0, FITWriter.semicircles(48.85 + metres / 111_195)),
                                .s32(1, FITWriter.semicircles(2.35)), .u32(5, UInt32(metres * 100))])
        }
        for (from, seconds, sport, distance) in [(0, 600, UInt8(1), 1_800.0), (600, 600, 2, 4_800), (1_200, 300, 1, 1_200)] {
            writer.message(18, local: 3, [.u32(2, FITWriter.fitTime(start) + UInt32(from)), .e(5, sport), .u32(7, UInt32(seconds * 1000)),
                                          .u32(8, UInt32(seconds * 1000)), .u32(9, UInt32(distance * 100))])
        }
        return writer.file
    }

    @Test func aFileWithSeveralRuns_listsThem_andGivesTheOneChosen() throws {
        let file = Self.runRideRun()
        let unchosen = try problem(file)
        #expect(unchosen.contains("holds 2 runs (1: started 2030-03-17T17:46:40Z, 1.80 km; 2: started 2030-03-17T18:06:40Z, 1.20 km)")
                && unchosen.contains("--run-number"), "\(unchosen)")
        let files = try TemporaryFiles()
        let path = try files.write("day.fit", bytes: file)
        let second = try RunFile.summarize(path: path, timeZone: utc, runNumber: 2)
        #expect(second.distanceMeters == 1_200 && second.movingSeconds == 300, "the second run's own figures: \(second.distanceMeters) m")
        #expect(second.start == Date(timeIntervalSince1970: 1_900_001_200), "its records start with it")
        let first = try RunFile.summarize(path: path, timeZone: utc, runNumber: 1)
        #expect(first.distanceMeters == 1_800 && first.movingSeconds == 600)
        #expect(try problem(file, runNumber: 3).contains("holds 2 runs") && problem(file, runNumber: 3).contains("no run 3"))
        #expect(try problem(FITWriter.run(seconds: 60), name: "one.fit", runNumber: 2).contains("no run 2"))
    }

    @Test func badFiles_areRefusedWithWhatAndWhere() throws {
        let good = FITWriter.run(seconds: 60)
        #expect(try problem([]) == "the file is empty")
        #expect(try problem(Array(good.prefix(good.count - 40))).contains("it is cut short, or its header is wrong (at byte 4)"))
        var damaged = good
        damaged[200] ^= 0x55
        #expect(try problem(damaged).contains("the file's CRC is wrong"))
        var headerDamaged = good
        headerDamaged[2] ^= 0x01
        #expect(try problem(headerDamaged) == "the header's CRC is wrong: the header is damaged (at byte 12)")
        var lying = good
        lying[4] = 0xFF; lying[5] = 0xFF
        lying[12] = 0; lying[13] = 0
        #expect(try problem(lying).contains("the header says"), "a header that lies about its size")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        let pngProblem = try problem(png, name: "run.fit")
        #expect(pngProblem.contains("not a GPX, TCX or FIT file") && pngProblem.contains("PNG"), "a PNG renamed .fit: \(pngProblem)")
        // A data message whose local type no definition declared: a definition for message 20 on local 0, data on local 5.
        var writer = FITWriter()
        writer.message(20, [.u32(253, 1_000)])
        var orphan = writer.records
        orphan += [0x05, 1, 2, 3, 4]
        var header: [UInt8] = [14, 0x20] + FITWriter.Field.bytes(2132, 2) + FITWriter.Field.bytes(UInt64(orphan.count), 4) + Array(".FIT".utf8)
        header += FITWriter.Field.bytes(UInt64(FITWriter.crc(header)), 2)
        let body = header + orphan
        let orphaned = body + FITWriter.Field.bytes(UInt64(FITWriter.crc(body)), 2)
        #expect(try problem(orphaned).contains("a data message of local type 5 comes before any definition of it"))
    }

    @Test func aFileLargerThanAnyRun_isRefusedBeforeReading() throws {
        var big = FITWriter.run(seconds: 10)
        big += [UInt8](repeating: 0, count: FITDecoder.maxFileSize)
        #expect(try problem(big).contains("more than any run file"))
    }

    /// Inputs `make fuzz-fit` found crashing the decoder, kept so they stay fixed: each must be refused or read, never trap.
    static let fuzzerFindings: [(why: String, hex: String)] = [
        ("a compressed timestamp after a timestamp near 2^32 overflowed (found in the first 966,165 executions)", [
            "0e205408180100002e464954a9bb400000140005fd04860004850104850301020504860000ab9041809db022003fab01",
            "8c000000000001ab9041109fb022003fab018c2c0100000002ab9041a0ffffffffff0e205408180100002e464954a9bb",
            "400001001405fd0486000485010485030102050486004190ab0022b09d8001ab3f008c00000000004190ab0122b09f10",
            "faffffffffffff7f2c004190ab0222b0a0a001ab3f008c003a0258004190ab004190ab0422b0a3c001ab3f008c000004",
            "b0004190ab0522b0a55001ab3f008c000005dc004190ab0622b0a6e001ab3f008c00000708004190ab0722b0a87001ab",
            "fb008c0000083400010000b0aa0001ab3f008c000009609001ab3f008c00000a8c004190abffffffffffffffff050a22",
            "b0ad2001ffffffff",
        ].joined()),
    ]

    @Test(arguments: fuzzerFindings.indices)
    func whatTheFuzzerFound_isRefusedWithAnOffset_neverATrap(_ index: Int) throws {
        let finding = Self.fuzzerFindings[index]
        let bytes = stride(from: 0, to: finding.hex.count, by: 2).map { offset -> UInt8 in
            let start = finding.hex.index(finding.hex.startIndex, offsetBy: offset)
            return UInt8(finding.hex[start..<finding.hex.index(start, offsetBy: 2)], radix: 16)!
        }
        for checksCRC in [true, false] {
            let error = #expect(throws: FITError.self, "\(finding.why)") { try FITDecoder(bytes: bytes, checksCRC: checksCRC).decode { _ throws(FITError) in } }
            #expect((error?.offset ?? -1) >= 0 && (error?.offset ?? .max) <= bytes.count)
        }
    }
}
