import Foundation
import Testing
@testable import SchedulerCore

/// The hand-written paths an import takes for every row give exactly what the general ones (Foundation's) give.
@Suite struct FastPathTests {
    /// The general parser, as RFC3339.parse ran before its common-form path.
    private func generalParse(_ text: String) -> Date? {
        try? Date(text.uppercased().replacingOccurrences(of: " ", with: "T"), strategy: .iso8601)
    }

    /// Issue 48, item 22: a local time's UTC instant is worked out with integers; the calendar gives the same instant for
    /// every day of 1900–2100 at a few times, and refuses the same impossible dates.
    @Test func aWallClocksInstant_isTheCalendars_andItsImpossibleDatesTheSame() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var day = calendar.date(from: DateComponents(year: 1900, month: 1, day: 1))!
        var checked = 0
        while calendar.component(.year, from: day) <= 2100 {
            let c = calendar.dateComponents([.year, .month, .day], from: day)
            for (hour, minute, second) in [(0, 0, 0), (7, 30, 0), (23, 59, 59)] {
                let fields = WallClockFields(year: c.year!, month: c.month!, day: c.day!, hour: hour, minute: minute, second: second)
                let expected = calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day, hour: hour, minute: minute, second: second))
                if fields.instantIfUTC() != expected { Issue.record("\(fields.formatted): \(String(describing: fields.instantIfUTC())) against \(String(describing: expected))") }
                checked += 1
            }
            day = day.addingTimeInterval(86_400 * 3)
        }
        #expect(checked > 70_000)
        for (year, month, day) in [(2030, 2, 29), (2028, 2, 30), (2030, 4, 31), (2030, 13, 1), (2030, 0, 1)] {
            #expect(WallClockFields(year: year, month: month, day: day, hour: 7, minute: 30, second: 0).instantIfUTC() == nil, "\(year)-\(month)-\(day)")
        }
        #expect(WallClockFields(year: 2028, month: 2, day: 29, hour: 7, minute: 30, second: 0).instantIfUTC() != nil)
    }

    @Test func theCommonForm_readsWhatTheGeneralParserReads_overYearsOfInstantsAndOffsets() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int.random(in: 0...4_102_444_800, using: &generator)  // 1970 to 2100
            let offset = [0, 3_600, -18_000, 19_800, -34_200, 50_400][Int.random(in: 0..<6, using: &generator)]
            var shifted = time_t(seconds + offset)
            var fields = tm()
            gmtime_r(&shifted, &fields)
            let zone = offset == 0 ? "Z" : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 3_600, abs(offset) % 3_600 / 60)
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", fields.tm_year + 1900, fields.tm_mon + 1, fields.tm_mday,
                              fields.tm_hour, fields.tm_min, fields.tm_sec) + zone
            let fast = RFC3339.parseCommonForm(text)
            #expect(fast == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(text)")
            #expect(fast == generalParse(text), "\(text)")
        }
    }

    @Test(arguments: ["2030-02-29T07:30:00Z", "2030-02-30T07:30:00Z", "2030-13-01T07:30:00Z", "2030-04-31T07:30:00Z", "2030-01-01T24:00:00Z",
                      "2030-01-01T07:60:00Z", "2030-01-01T07:30:60Z", "2030-01-01T07:30:00+24:00", "1969-12-31T23:59:59Z", "2030-01-01T07:30Z",
                      "2030-01-01T07:30:00.Z", "2030-01-01T07:30:00.1234567891Z", "2030-01-01T07:30:00.5", "2030-01-01X07:30:00Z", "2030-01-01T07:30:00+0100", "２０３０-01-01T07:30:00Z"])
    func anythingElse_isLeftToTheGeneralParser(_ text: String) {
        #expect(RFC3339.parseCommonForm(text) == nil)
    }

    /// The general parser for a time with a fraction of a second, as RFC3339.parse runs it.
    private func generalFractionParse(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: true)
            .timeSeparator(.colon).timeZone(separator: .colon))
    }

    @Test func theDaemonsOwnForm_withMilliseconds_readsBackAsTheMillisecondsItWasWrittenFrom() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let millis = Int64.random(in: 0...4_102_444_800_000, using: &generator)
            let written = Date(timeIntervalSince1970: TimeInterval(millis) / 1000)
            let text = RFC3339.format(written)
            let fast = try #require(RFC3339.parseCommonForm(text), "\(text)")
            #expect(fast == written, "\(text)")
            let general = try #require(generalFractionParse(text), "\(text)")
            #expect(abs(general.timeIntervalSince(fast)) < 0.000_001, "\(text)")
        }
    }

    @Test func aFractionWithAnOffset_andNineDigits_areRead() {
        #expect(RFC3339.parseCommonForm("2028-02-29 07:30:00.25-05:30") == Date(timeIntervalSince1970: 1_835_442_000.25))
        #expect(RFC3339.parseCommonForm("1970-01-01T00:00:01.000000001Z") == Date(timeIntervalSince1970: 1.000_000_001))
    }

    /// Nine digits of a second past 2262 outgrow 64 bits as nanoseconds: the time is still read (by the general
    /// parser), and a request carrying one cannot stop the daemon.
    @Test func aFarFutureTime_withNineDigits_isLeftToTheGeneralParser_notATrap() throws {
        let text = "9999-12-31T23:59:59.123456789Z"
        #expect(RFC3339.parseCommonForm(text) == nil)
        let date = try #require(RFC3339.parse(text))
        #expect(abs(date.timeIntervalSince1970 - 253_402_300_799.123_456_789) < 0.001)
    }

    @Test func aLeapDay_andLowerCaseLetters_areRead() {
        #expect(RFC3339.parseCommonForm("2028-02-29t07:30:00z") == generalParse("2028-02-29T07:30:00Z"))
        #expect(RFC3339.parseCommonForm("2028-02-29 07:30:00-05:30") == generalParse("2028-02-29T07:30:00-05:30"))
    }

    @Test func theWallClock_isTheCalendarsOwn_acrossDaylightSavingChanges() {
        var generator = SystemRandomNumberGenerator()
        for name in ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC"] {
            let zone = TimeZone(identifier: name)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for _ in 0..<500 {
                let instant = Date(timeIntervalSince1970: TimeInterval(Int.random(in: 1_700_000_000...2_100_000_000, using: &generator)))
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
                let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
                #expect(WallClockFields.format(instant, in: zone) == expected, "\(name) \(instant)")
            }
        }
    }

    @Test func trimming_takesWhatFoundationTakes_everyWhitespaceScalar() {
        let foundation = CharacterSet.whitespacesAndNewlines
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { $0.isTrimmedSpace != foundation.contains($0) }
        #expect(differing.isEmpty, "\(differing.map { "U+" + String($0.value, radix: 16) })")
        for text in ["  Long run\n", "\u{3000}Ten k\u{2029}", "\t\u{A0}", "a\u{85}", " b c ", "", "\u{200B}zero-width stays\u{200B}"] {
            #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
        }
    }

    @Test func theComposedForm_isFoundationsNFC() {
        for text in ["plain ascii", "Café déjà", "Cafe\u{301}", "e\u{301}\u{323}", "한국어", "\u{1100}\u{1161}", "Å\u{212B}", "ǅ ȍ ʷ ˿"] {
            #expect(text.composed == text.precomposedStringWithCanonicalMapping, "\(text.debugDescription)")
        }
    }
}
