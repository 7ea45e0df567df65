import Foundation
import Testing
@testable import SchedulerCore

@Suite struct ScheduleTimeParserTests {
    let paris = TimeZone(identifier: "Europe/Paris")!
    /// 2026-03-28 12:00 UTC: the day before Paris springs forward (02:00 → 03:00 on 2026-03-29).
    let beforeSpring = Date(timeIntervalSince1970: 1_774_699_200)
    /// 2026-10-24 12:00 UTC: the day before Paris falls back (03:00 → 02:00 on 2026-10-25).
    let beforeAutumn = Date(timeIntervalSince1970: 1_792_843_200)

    func parser(_ zone: TimeZone? = nil, now: Date? = nil) -> ScheduleTimeParser {
        ScheduleTimeParser(zone: zone ?? paris, now: now ?? beforeSpring)
    }

    @Test func rfc3339WithOffset_isTheExactInstant() throws {
        let time = try parser().parse("2026-03-29T09:30:00+02:00")
        #expect(time.instant == Date(timeIntervalSince1970: 1_774_769_400))
        #expect(time.wallClock == "2026-03-29T09:30:00")
        #expect(time.zoneIdentifier == "Europe/Paris")
    }

    @Test func wallClock_isReadInTheGivenZone_acrossTheSpringChange() throws {
        // 09:30 on the 29th is already summer time (+02:00), not winter time.
        let time = try parser().parse("2026-03-29 09:30")
        #expect(RFC3339.format(time.instant) == "2026-03-29T07:30:00Z")
        #expect(time.ambiguityNote == nil)
    }

    @Test func wallClock_inTheSkippedHour_isRefused() {
        #expect(throws: ScheduleTimeError.self) { try parser().parse("2026-03-29 02:30") }
        do { _ = try parser().parse("2026-03-29 02:30") } catch {
            #expect(error.message.contains("does not exist in Europe/Paris"))
        }
    }

    @Test func wallClock_inTheRepeatedHour_takesTheFirstAndSaysSo() throws {
        let time = try parser(now: beforeAutumn).parse("2026-10-25T02:30")
        #expect(RFC3339.format(time.instant) == "2026-10-25T00:30:00Z")
        #expect(time.ambiguityNote?.contains("happens twice") == true)
    }

    @Test func tomorrow_keepsTheWallClockAcrossTheChange() throws {
        let time = try parser().parse("tomorrow 07:30")
        #expect(time.wallClock == "2026-03-29T07:30:00")
        #expect(RFC3339.format(time.instant) == "2026-03-29T05:30:00Z")
    }

    @Test func relativeTimes_countFromNow() throws {
        #expect(try parser().parse("in 2h").instant == beforeSpring.addingTimeInterval(7_200))
        #expect(try parser().parse("in 1h30m").instant == beforeSpring.addingTimeInterval(5_400))
        #expect(try parser().parse("in 5 minutes").instant == beforeSpring.addingTimeInterval(300))
        #expect(try parser().parse("now").instant == beforeSpring)
    }

    @Test(arguments: ["2026-03-27T10:00:00Z", "yesterday", "2026-02-30 10:00", "25:00", "in -5m", "in soon", "", "2026-03-28 11:00"])
    func pastOrUnreadableTimes_areRefused(_ input: String) {
        #expect(throws: ScheduleTimeError.self) { try parser().parse(input) }
    }

    @Test func pastTime_messageSaysItIsInThePast() {
        do { _ = try parser().parse("2026-03-27T10:00:00Z"); Issue.record("accepted a past time") } catch {
            #expect(error.message.contains("in the past"))
        }
    }
}

@Suite struct DurationParserTests {
    @Test func readsTheFormsPeopleWrite() {
        #expect(DurationParser.seconds("90s") == 90)
        #expect(DurationParser.seconds("1h30m") == 5_400)
        #expect(DurationParser.seconds("2 hours") == 7_200)
        #expect(DurationParser.seconds("1d") == 86_400)
        #expect(DurationParser.seconds("abc") == nil)
        #expect(DurationParser.seconds("5") == nil)
        #expect(DurationParser.seconds("m5") == nil)
        #expect(DurationParser.seconds("99999999999999999999h") == nil)
    }

    @Test func formatsCompactly() {
        #expect(DurationParser.format(seconds: 5_400) == "1h30m")
        #expect(DurationParser.format(seconds: 86_401) == "1d1s")
    }
}

@Suite struct RFC3339Tests {
    @Test func formatsUTCWithMillisecondsOnlyWhenPresent() {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1.25)) == "1970-01-01T00:00:01.250Z")
    }

    @Test func parsesOffsetsFractionsAndMissingSeconds() {
        #expect(RFC3339.parse("1970-01-01T01:00:00+01:00") == Date(timeIntervalSince1970: 0))
        #expect(RFC3339.parse("1970-01-01T00:00:01.250Z") == Date(timeIntervalSince1970: 1.25))
        #expect(RFC3339.parse("1970-01-01 00:01Z") == Date(timeIntervalSince1970: 60))
        #expect(RFC3339.parse("1970-01-01T00:00:00") == nil)
    }
}
