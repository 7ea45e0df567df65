import Foundation
import RunPosts
import RunSummary
import Testing

/// Issue 25, bug 3: the texts said "Fastest km: 4:51" while the card and the thread marked "4 km · 4:52". The fastest
/// split has one definition, the fastest whole kilometre (or mile) of the splits, and the texts and the thread agree.
@Suite struct FastestSplitTests {
    /// 3 km north at 5:00/km, but 4:00/km from 700 m to 1,700 m: the fastest stretch of any kilometre is 4:00, straddling
    /// two splits; the whole kilometres are about 4:42, 4:18 and 5:00.
    static func straddlingRun() throws -> RunSummary {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var lines: [String] = []
        var metres = 0.0, seconds = 0.0
        let formatter = ISO8601DateFormatter()
        while metres <= 3_010 {
            lines.append(#"<trkpt lat="\#(48.8 + metres / 111_195)" lon="2.35"><time>\#(formatter.string(from: start.addingTimeInterval(seconds)))</time></trkpt>"#)
            let speed = (700..<1_700).contains(metres) ? 1_000.0 / 240 : 1_000.0 / 300
            metres += speed * 5
            seconds += 5
        }
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Straddle</name><trkseg>
            \(lines.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("straddle-\(UUID().uuidString).gpx").path
        try gpx.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try RunFile.summarize(path: path, timeZone: TimeZone(identifier: "Europe/Paris")!)
    }

    @Test func theTextsNameTheFastestWholeSplit_theOneTheThreadMarks() throws {
        let summary = try Self.straddlingRun()
        let splits = summary.splits(in: .metric)
        #expect(splits.count == 3 && abs(splits[1] - 258) <= 2, "\(splits)")
        let fastest = try #require(summary.fastestSplit(in: .metric))
        #expect(fastest == splits[1], "the fastest whole kilometre, not the fastest stretch of 1,000 m (4:00)")
        #expect(summary.fastestSplitIndexes(in: .metric) == [1])

        let facebook = try RunTexts().text(for: .facebook, summary: summary, units: .metric)
        #expect(facebook.split(separator: "\n").contains("Fastest km: \(RunFormat.duration(fastest))"), "\(facebook)")
        let marked = RunThread.splitParts(summary, units: .metric).joined(separator: "\n").split(separator: "\n").filter { $0.hasSuffix("⚡") }
        #expect(marked == ["2 km · \(RunFormat.duration(fastest)) ⚡"])
    }

    @Test func splitsThatAllShowTheSameTime_markNone() {
        var summary = sampleSummary()
        summary.kilometreSplitSeconds = [517.2, 516.9, 517.1]
        #expect(summary.fastestSplitIndexes(in: .metric).isEmpty, "8:37 three times")
        #expect(!RunThread.splitParts(summary, units: .metric).joined().contains("⚡"))
        summary.kilometreSplitSeconds = [301.2, 288.4, 295.0, 288.3]
        #expect(summary.fastestSplitIndexes(in: .metric) == [1, 3], "4:48 twice")
    }
}
