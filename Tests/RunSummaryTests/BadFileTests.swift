import Foundation
import Testing
@testable import RunSummary

/// Files that cannot be summarised give an error naming the file and the problem.
@Suite struct BadFileTests {
    let utc = TimeZone(identifier: "UTC")!

    func error(_ name: String, _ text: String) throws -> RunFileError {
        let files = try TemporaryFiles()
        let path = try files.write(name, text)
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: path, timeZone: utc) }
        let caught = try #require(error)
        #expect(caught.path == path)
        #expect(caught.description.hasPrefix(path + ": "))
        return caught
    }

    var validGPX: String {
        TrackWriter.gpx(segments: [SyntheticTrack.line(metres: 600, speed: 3, elevation: [(0, 10)])])
    }

    @Test func aMissingFile() {
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: "/nonexistent/run.gpx", timeZone: utc) }
        #expect(error == RunFileError(path: "/nonexistent/run.gpx", problem: "the file does not exist"))
    }

    @Test func aDirectory() throws {
        let files = try TemporaryFiles()
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: files.directory.path, timeZone: utc) }
        #expect(error?.problem == "is a directory, not a GPX, TCX or FIT file")
    }

    @Test func anEmptyFile() throws {
        #expect(try error("empty.gpx", "").problem == "the file is empty")
    }

    @Test func malformedXML() throws {
        let text = validGPX.replacingOccurrences(of: "</ele>", with: "</elevation>")
        let problem = try error("bad.gpx", text).problem
        #expect(problem == "malformed XML at line 6, column 62: an end tag does not match its start tag", "\(problem)")
    }

    @Test func aBareAmpersand() throws {
        let text = validGPX.replacingOccurrences(of: "<name>Test</name>", with: "<name>Fish & Chips</name>")
        let problem = try error("amp.gpx", text).problem
        #expect(problem.hasPrefix("malformed XML at line 4, column 20:"), "\(problem)")
        #expect(problem.contains("&amp;"))
    }

    @Test func aTruncatedGPX() throws {
        let text = validGPX
        let problem = try error("cut.gpx", String(text.prefix(text.count / 2))).problem
        #expect(problem == "the file ends before </gpx>: it may be truncated")
    }

    @Test func aTruncatedTCXCutAtAnElementBoundary() throws {
        let lap = TrackWriter.Lap(points: SyntheticTrack.line(metres: 300, speed: 3, elevation: [(0, 0)]), seconds: 100, metres: 300, calories: 20)
        let text = TrackWriter.tcx(laps: [lap])
        let cut = String(text[..<text.range(of: "</Trackpoint>\n", options: .backwards)!.upperBound])
        let problem = try error("cut.tcx", cut).problem
        #expect(problem == "the file ends before </TrainingCenterDatabase>: it may be truncated")
    }

    @Test func noTimestamps() throws {
        var points = SyntheticTrack.line(metres: 300, speed: 3, elevation: [(0, 10)])
        for index in points.indices { points[index].time = nil }
        let problem = try error("timeless.gpx", TrackWriter.gpx(segments: [points])).problem
        #expect(problem == "has 101 track points but no timestamps: a run needs the time of each point")
    }

    @Test func zeroPoints() throws {
        #expect(try error("empty-track.gpx", TrackWriter.gpx(segments: [[]])).problem == "has no track points")
        #expect(try error("empty.tcx", TrackWriter.tcx(laps: [])).problem == "has no track points")
    }

    @Test func aKMLFile() throws {
        let kml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><LineString>
            <coordinates>2.35,48.85,0 2.36,48.86,0</coordinates></LineString></Placemark></Document></kml>
            """
        #expect(try error("run.kml", kml).problem == "not a GPX, TCX or FIT file (root element <kml>)")
    }

    @Test func aJSONFile() throws {
        let json = #"{"type": "FeatureCollection", "features": []}"#
        #expect(try error("run.json", json).problem == #"not a GPX, TCX or FIT file: it is not XML, nor FIT; it starts with "{"type": "FeatureCollection", "f…""#)
    }

    /// Issue 25: a photo given as the run printed its bytes; the error says what it looks like instead.
    @Test func aBinaryFile_isDescribed_neverEchoed() throws {
        let files = try TemporaryFiles()
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        try Data(png).write(to: files.directory.appendingPathComponent("run.gpx"))
        let path = files.directory.appendingPathComponent("run.gpx").path
        let error = #expect(throws: RunFileError.self) { try RunFile.summarize(path: path, timeZone: utc) }
        #expect(error?.problem == "not a GPX, TCX or FIT file: it is not XML, nor FIT; its first bytes look like a PNG image", "\(error?.problem ?? "")")

        let noise = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        try Data(noise).write(to: files.directory.appendingPathComponent("noise.tcx"))
        let other = #expect(throws: RunFileError.self) {
            try RunFile.summarize(path: files.directory.appendingPathComponent("noise.tcx").path, timeZone: utc)
        }
        #expect(other?.problem == "not a GPX, TCX or FIT file: it is not XML, nor FIT; it holds binary data, not text", "\(other?.problem ?? "")")
        for problem in [error?.problem, other?.problem].compactMap({ $0 }) {
            #expect(problem.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }, "no control character is echoed")
        }
    }

    @Test func aLongUnreadableValue_isQuotedShortAndOnOneLine() throws {
        let text = validGPX.replacingOccurrences(of: "<ele>10.0</ele>", with: "<ele>ten\nthousand " + String(repeating: "x", count: 500) + "</ele>")
        let problem = try error("ele.gpx", text).problem
        #expect(problem.hasPrefix(#"cannot read the elevation "ten thousand xxx"#), "\(problem)")
        #expect(problem.count < 120 && problem.contains("…\"") && !problem.contains("\n"), "\(problem)")
        #expect(FileOpening.quoted("a\u{1B}[2Jb") == #""a\u{1B}[2Jb""#, "a control character is escaped, never sent to the terminal")
    }

    @Test func anUnreadableTime() throws {
        let text = validGPX.replacingOccurrences(of: "<time>2024-05-05T05:30:03Z</time>", with: "<time>05/05/2024 07:30:03</time>")
        #expect(try error("time.gpx", text).problem
            == "cannot read the time \"05/05/2024 07:30:03\" of track point 4 (expected RFC 3339, like 2024-05-05T07:30:00Z)")
    }

    @Test func anUnreadableNumber() throws {
        let text = validGPX.replacingOccurrences(of: "<ele>10.0</ele>", with: "<ele>ten</ele>")
        #expect(try error("ele.gpx", text).problem == "cannot read the elevation \"ten\" of track point 1: it is not a number")
    }
}

/// Cut short or broken: the position where the parser stopped tells which.
@Suite struct TruncationTests {
    let utc = TimeZone(identifier: "UTC")!

    func problem(_ text: String) throws -> String? {
        let files = try TemporaryFiles()
        let path = try files.write("one.gpx", text)
        return #expect(throws: RunFileError.self) { try RunFile.summarize(path: path, timeZone: utc) }?.problem
    }

    var oneLineGPX: String {
        TrackWriter.gpx(segments: [SyntheticTrack.line(metres: 300, speed: 3, elevation: [(0, 10)])])
            .replacingOccurrences(of: "\n", with: "")
    }

    @Test func aMistakeInAOneLineFileIsNotTruncation() throws {
        let text = oneLineGPX.replacingOccurrences(of: "</ele>", with: "</elevation>")
        #expect(try problem(text)?.hasPrefix("malformed XML at line 1, column ") == true)
    }

    @Test func aOneLineFileCutShort() throws {
        #expect(try problem(String(oneLineGPX.prefix(5000))) == "the file ends before </gpx>: it may be truncated")
    }

    @Test func contentAfterTheEnd() throws {
        let text = TrackWriter.gpx(segments: [SyntheticTrack.line(metres: 300, speed: 3, elevation: [(0, 10)])]) + "<gpx>"
        #expect(try problem(text)?.hasSuffix("there is more content after the root element ends") == true)
    }
}
