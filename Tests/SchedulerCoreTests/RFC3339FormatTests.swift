import Foundation
import Testing
@testable import SchedulerCore

/// Timestamps as the API exchanges them: UTC, `Z`, milliseconds only when there are any.
@Suite struct RFC3339FormatTests {
    @Test func format_writesUTCWithMillisecondsOnlyWhenThereAreAny() {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_795_500_000.5)) == "2026-11-24T06:00:00.500Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 951_782_400.007)) == "2000-02-29T00:00:00.007Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 4_102_444_799.9994)) == "2099-12-31T23:59:59.999Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 4_102_444_799.9996)) == "2100-01-01T00:00:00Z", "rounded to the millisecond")
    }

    @Test func format_agreesWithFoundationsISO8601Formatter_andParsesBack() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let millis = Int64.random(in: 0..<7_258_118_400_000, using: &generator)  // 1970 to 2200
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let text = RFC3339.format(date)
            let expected = formatter.string(from: date).replacingOccurrences(of: ".000Z", with: "Z")
            #expect(text == expected)
            #expect(RFC3339.parse(text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } == millis)
        }
    }
}
