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

    /// Issue 48, item 8: no zone named, the offset typed is the zone, unless it is the zone's own at that instant.
    @Test func anOffsetOtherThanTheZones_isKeptAsTheZone_whenNoZoneWasNamed() throws {
        var unnamed = parser(TimeZone(identifier: "UTC")!)
        unnamed.zoneName = "Etc/UTC"
        unnamed.zoneNamed = false
        let kept = try unnamed.parse("2026-04-12T18:00:00+01:00")
        #expect(kept.zoneIdentifier == "UTC+01:00" && kept.wallClock == "2026-04-12T18:00:00")
        #expect(RFC3339.format(kept.instant) == "2026-04-12T17:00:00Z")
        #expect(try unnamed.parse("2026-04-12T18:00:00-05:30").zoneIdentifier == "UTC-05:30")
        #expect(TimeZone(identifier: "UTC-05:30")?.secondsFromGMT() == -19_800, "a name the zone database takes back")
        #expect(try unnamed.parse("2026-04-12T18:00:00Z").zoneIdentifier == "Etc/UTC")

        var paris = parser()
        paris.zoneNamed = false
        #expect(try paris.parse("2026-04-12T18:00:00+02:00").zoneIdentifier == "Europe/Paris", "Paris's own offset then")
        #expect(try parser().parse("2026-04-12T18:00:00+01:00").zoneIdentifier == "Europe/Paris", "a named zone is kept")
    }

    /// Issue 48, item 14: `25:00` says what is wrong with it, and `yesterday 07:30` is read, then refused as past.
    @Test func anHourOutOfRange_isNamed_andYesterdayIsReadThenRefusedAsPast() {
        for (input, expected) in [("25:00", "there is no hour 25"), ("tomorrow 07:75", "there is no minute 75"), ("2026-03-29 24:00", "there is no hour 24")] {
            let error = #expect(throws: ScheduleTimeError.self) { try parser().parse(input) }
            #expect(error?.message.contains(expected) == true, "\(input): \(error?.message ?? "")")
        }
        let past = #expect(throws: ScheduleTimeError.self) { try parser().parse("yesterday 07:30") }
        #expect(past?.message.hasPrefix("'yesterday 07:30' is in the past") == true, "\(past?.message ?? "")")
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
        // Issue 48, item 7: written as every time for people is (ZonedTime), not in three formats on one line.
        #expect(time.ambiguityNote == "2026-10-25 02:30 happens twice in Europe/Paris; the first (2026-10-25 02:30 +02:00) was taken")
    }

    @Test func tomorrow_keepsTheWallClockAcrossTheChange() throws {
        let time = try parser().parse("tomorrow 07:30")
        #expect(time.wallClock == "2026-03-29T07:30:00")
        #expect(RFC3339.format(time.instant) == "2026-03-29T05:30:00Z")
    }

    /// Issue 25, bug 7: the README's `--at "sunday 18:00"` was refused. `now` is Saturday 2026-03-28, 13:00 in Paris.
    @Test(arguments: [
        ("sunday 18:00", "2026-03-29T18:00:00", nil), ("Sunday 18:00", "2026-03-29T18:00:00", nil),
        ("sat 15:00", "2026-03-28T15:00:00", nil), ("saturday 09:00", "2026-04-04T09:00:00", "next week's (2026-04-04)"),
        ("next sat 15:00", "2026-04-04T15:00:00", nil), ("next monday 7:30", "2026-03-30T07:30:00", nil),
        ("thu 18:30", "2026-04-02T18:30:00", nil), ("next fri 06:00", "2026-04-03T06:00:00", nil),
    ] as [(String, String, String?)])
    func weekdayForms_takeTheComingDay(_ input: String, _ wallClock: String, _ note: String?) throws {
        let time = try parser().parse(input)
        #expect(time.wallClock == wallClock, "\(input)")
        #expect(time.zoneIdentifier == "Europe/Paris" && time.readInZone)
        if let note { #expect(time.dayNote?.contains(note) == true, "\(time.dayNote ?? "no note")") } else { #expect(time.dayNote == nil) }
    }

    @Test func weekdayForms_keepTheWallClockAcrossTheSpringChange() throws {
        // Sunday 2026-03-29 is the day Paris springs forward: 18:00 is summer time, 16:00 UTC.
        #expect(RFC3339.format(try parser().parse("sunday 18:00").instant) == "2026-03-29T16:00:00Z")
        #expect(throws: ScheduleTimeError.self) { try parser().parse("sunday 02:30") }
    }

    @Test(arguments: ["next 07:30", "funday 18:00", "next tomorrow 07:30", "su 18:00", "sunday", "next sunday"])
    func unreadableWeekdayForms_areRefused(_ input: String) {
        #expect(throws: ScheduleTimeError.self) { try parser().parse(input) }
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
            // Issue 48, item 7: both times as people read every time (ZonedTime), in the zone the time is read in.
            #expect(error.message == "'2026-03-27T10:00:00Z' is in the past (2026-03-27 11:00 +01:00, now is 2026-03-28 13:00 +01:00)")
        }
    }
}

@Suite struct ScheduleTimeOfDayTests {
    let paris = TimeZone(identifier: "Europe/Paris")!
    /// 2026-03-28 12:00 UTC, 13:00 in Paris: the day before Paris springs forward.
    let noonUTC = Date(timeIntervalSince1970: 1_774_699_200)

    func parser() -> ScheduleTimeParser { ScheduleTimeParser(zone: paris, now: noonUTC) }

    @Test func bareTimeThatHasPassedToday_meansTomorrow_andSaysSo() throws {
        let time = try parser().parse("07:30")
        #expect(time.wallClock == "2026-03-29T07:30:00")
        #expect(RFC3339.format(time.instant) == "2026-03-29T05:30:00Z")
        #expect(time.dayNote == "07:30 has passed today in Europe/Paris, so tomorrow's (2026-03-29) was taken")
        #expect(time.notes == [time.dayNote!])
    }

    @Test func bareTimeStillAheadToday_isToday_withoutANote() throws {
        let time = try parser().parse("18:00")
        #expect(time.wallClock == "2026-03-28T18:00:00")
        #expect(time.dayNote == nil)
        #expect(time.readInZone)
    }

    @Test func todayWithATimeThatHasPassed_isStillRefused() {
        #expect(throws: ScheduleTimeError.self) { try parser().parse("today 07:30") }
    }

    @Test func singleDigitHour_isAccepted() throws {
        #expect(try parser().parse("7:30").wallClock == "2026-03-29T07:30:00")
        #expect(try parser().parse("tomorrow 7:05").wallClock == "2026-03-29T07:05:00")
        #expect(try parser().parse("2026-04-02 9:15").wallClock == "2026-04-02T09:15:00")
    }

    @Test(arguments: ["7:3", "730", "07:300", "123:00"])
    func malformedTimesOfDay_areRefused(_ input: String) {
        #expect(throws: ScheduleTimeError.self) { try parser().parse(input) }
    }

    @Test func instants_areNotReadInAZone() throws {
        #expect(try parser().parse("in 2h").readInZone == false)
        #expect(try parser().parse("2026-03-29T09:30:00+02:00").readInZone == false)
    }

    @Test func timeMoreThanFiveYearsAhead_isRefused_namingTheLimit() throws {
        _ = try parser().parse("2031-03-27 10:00")
        do { _ = try parser().parse("2031-03-29 10:00"); Issue.record("accepted a time more than 5 years ahead") } catch {
            #expect(error.message.contains("more than 5 years ahead"))
            #expect(error.message.contains("the latest accepted is 2031-03-28 13:00 +01:00"))
        }
        #expect(throws: ScheduleTimeError.self) { try parser().parse("in 2000d") }
        #expect(throws: ScheduleTimeError.self) { try parser().parse("2126-03-29T09:30:00+02:00") }
    }
}

@Suite struct LatenessLimitTests {
    @Test func aMinuteOrMore_isAccepted() throws {
        #expect(try LatenessLimit.seconds("1m") == 60)
        #expect(try LatenessLimit.seconds("30m") == 1_800)
        #expect(try LatenessLimit.seconds("2 hours") == 7_200)
    }

    @Test(arguments: ["0s", "0", "59s", "30s"])
    func underAMinute_isRefused_namingTheMinimum(_ input: String) {
        do { _ = try LatenessLimit.seconds(input); Issue.record("accepted lateness \(input)") } catch {
            #expect(error.message.contains("under the minimum of 1m"))
        }
    }

    @Test func negative_saysItIsNegative() {
        do { _ = try LatenessLimit.seconds("-5m"); Issue.record("accepted -5m") } catch {
            #expect(error.message == "lateness '-5m' is negative; give how late the post may still go out, at least 1m (e.g. 30m or 2h)")
        }
    }

    @Test func notADuration_saysWhatToType() {
        do { _ = try LatenessLimit.seconds("soon"); Issue.record("accepted soon") } catch {
            #expect(error.message.contains("not a duration such as 30m"))
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
