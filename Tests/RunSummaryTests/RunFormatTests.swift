import Foundation
import RunSummary
import Testing


/// The figures as people read them, on the card and in texts.
@Suite struct RunFormatTests {
    @Test func distances() {
        #expect(RunFormat.distance(10_024, .metric) == "10.02 km")
        #expect(RunFormat.distance(10_024, .imperial) == "6.23 mi")
        #expect(RunFormat.distance(0, .metric) == "0.00 km")
        #expect(RunFormat.distance(.nan, .metric) == "– km")
    }

    @Test func durations() {
        #expect(RunFormat.duration(3133) == "52:13")
        #expect(RunFormat.duration(3733) == "1:02:13")
        #expect(RunFormat.duration(59.6) == "1:00")
        #expect(RunFormat.duration(3599.5) == "1:00:00")
        #expect(RunFormat.duration(0) == "0:00")
    }

    @Test func paces() {
        #expect(RunFormat.pace(313, .metric) == "5:13 /km")
        // 312.6 s/km is 503.08 s/mi.
        #expect(RunFormat.pace(312.6, .imperial) == "8:23 /mi")
        // Rounded before splitting: never "4:60".
        #expect(RunFormat.pace(299.7, .metric) == "5:00 /km")
        #expect(RunFormat.pace(0, .metric) == "– /km")
    }

    @Test func elevationsAndHeartRate() {
        #expect(RunFormat.elevation(123.4, .metric) == "123 m")
        #expect(RunFormat.elevation(123.4, .imperial) == "405 ft")
        #expect(RunFormat.heartRate(152) == "152 bpm")
    }

    @Test func startLineIsInTheRunnersZone() {
        #expect(RunFormat.startLine(Date(timeIntervalSince1970: 1_795_351_320), timeZone: TimeZone(identifier: "America/New_York")!) == "Sunday 22 November 2026 · 07:42")
        #expect(RunFormat.startLine(Date(timeIntervalSince1970: 1_795_351_320), timeZone: TimeZone(identifier: "Asia/Tokyo")!) == "Sunday 22 November 2026 · 21:42")
    }
}
