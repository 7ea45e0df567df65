import FITTestSupport
import Foundation
import Testing
@testable import RunSummary

/// A FIT file the test wrote, read as `schedctl run-summary` reads one from disk, in UTC: its summary, or the problem
/// it is refused with. Shared by the suites that build their files with `FITWriter`.
enum FITReading {
    static let utc = TimeZone(identifier: "UTC")!
    /// Where the test runs start: 2030-03-17 17:46:40 UTC.
    static let start = Date(timeIntervalSince1970: 1_900_000_000)

    static func summary(_ bytes: [UInt8]) throws -> RunSummary {
        let files = try TemporaryFiles()
        return try RunFile.summarize(path: try files.write("run.fit", bytes: bytes), timeZone: utc)
    }

    static func problem(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let files = try TemporaryFiles()
        let path = try files.write("bad.fit", bytes: bytes)
        let error = #expect(throws: RunFileError.self, sourceLocation: sourceLocation) { try RunFile.summarize(path: path, timeZone: utc) }
        return try #require(error, sourceLocation: sourceLocation).problem
    }
}
