import Foundation
import Testing
@testable import RunSummary

/// A 200,000-point file is summarised in bounded memory, and in reasonable time.
@Suite struct LargeFileTests {
    static let pointCount = 200_000

    /// Writes the file a thousand points at a time, so the test itself stays small in memory too.
    static func writeLargeGPX(to path: String) throws -> (metres: Double, seconds: Double) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw FixtureError(description: "cannot create \(path)")
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data((TrackWriter.gpxHeader + "    <trkseg>\n").utf8))
        let frame = LocalFrame()
        let speed = 3.0
        var chunk = ""
        for index in 0..<pointCount {
            let metres = Double(index) * speed
            let position = frame.onLoop(circumference: 2000, metres: metres)
            let point = SyntheticPoint(time: Timestamps.sundayMorning + Double(index), latitude: position.latitude,
                                       longitude: position.longitude, elevation: 40 + 10 * sin(metres / 2000 * 2 * Double.pi),
                                       heartRate: 140 + index % 21, cadence: 88)
            chunk += TrackWriter.gpxPoint(point)
            if index % 1000 == 999 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data((chunk + "    </trkseg>\n  </trk>\n</gpx>\n").utf8))
        return (Double(pointCount - 1) * speed, Double(pointCount - 1))
    }

    @Test func twoHundredThousandPointsInBoundedMemory() async throws {
        let files = try TemporaryFiles()
        let path = files.directory.appendingPathComponent("ultra.gpx").path
        let expected = try await offThePool { try Self.writeLargeGPX(to: path) }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0

        let peakReset = MemoryProbe.resetPeak()
        let before = MemoryProbe.peakKilobytes
        let (run, elapsed) = try await offThePool { () throws -> (RunSummary, Duration) in
            let started = ContinuousClock.now
            let summary = try RunFile.summarize(path: path, timeZone: TimeZone(identifier: "UTC")!)
            return (summary, ContinuousClock.now - started)
        }
        let after = MemoryProbe.peakKilobytes

        let growth = (after ?? 0) - (before ?? 0)
        print("""
            RunSummary size test: \(Self.pointCount) points, \(size / 1_000_000) MB file, summarised in \(elapsed); \
            peak resident memory \(before ?? -1) kB before, \(after ?? -1) kB after (growth \(growth / 1024) MB; \
            peak reset before: \(peakReset))
            """)

        #expect(run.pointCount == Self.pointCount)
        #expect(run.route.count <= RouteThinner.maximumPoints && run.route.count > RouteThinner.maximumPoints / 2)
        #expect(abs(run.distanceMeters - expected.metres) / expected.metres < 0.005)
        #expect(abs(run.movingSeconds - expected.seconds) <= 2)
        #expect(run.heartRateMax == 160)
        #expect(abs(try #require(run.elevationGainMeters) - 20 * 300) / 6000 < 0.02)  // 300 laps of a 20 m rise
        if before != nil, after != nil {
            #expect(growth < 50 * 1024, "peak memory grew by \(growth) kB")
        }
    }
}
