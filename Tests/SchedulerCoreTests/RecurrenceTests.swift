import Foundation
import Testing
@testable import SchedulerCore

/// Repeating posts: the RRULE subset and the typed forms read alike, and occurrences keep their wall-clock time.
@Suite struct RecurrenceTests {
    func start(_ wallClock: String, _ zone: String = "Europe/Paris") -> ScheduleTime {
        let fields = WallClockFields(stored: wallClock)!
        return fields.placed(in: TimeZone(identifier: zone)!)!.time
    }

    @Test(arguments: [
        ("weekly on mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH"),
        ("FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=WEEKLY;BYDAY=MO,TH"),
        ("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=5", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=5"),
        ("every 2 weeks on mon", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"),
        ("daily", "FREQ=DAILY"),
        ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
        ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("monthly on 1,15", "FREQ=MONTHLY;BYMONTHDAY=1,15"),
        ("freq=monthly;bymonthday=31;until=20271231", "FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20271231"),
        ("weekly on mon-fri", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    ])
    func parsing_readsRRULEsAndTypedForms(_ text: String, _ rrule: String) throws {
        #expect(try Recurrence(parsing: text).rrule == rrule)
        #expect(try Recurrence(parsing: rrule) == Recurrence(parsing: text), "the stored form reads back the same")
    }

    @Test(arguments: [
        ("FREQ=YEARLY", "FREQ=YEARLY is not supported"),
        ("FREQ=WEEKLY;BYDAY=1MO", "positions such as 1MO are not supported"),
        ("FREQ=WEEKLY;BYHOUR=7", "BYHOUR is not supported"),
        ("FREQ=WEEKLY;COUNT=3;UNTIL=20270101", "give COUNT or UNTIL, not both"),
        ("BYDAY=MO", "has no FREQ"),
        ("fortnightly", "is not understood"),
        ("weekly on someday", "'someday' is not days"),
        ("FREQ=DAILY;BYMONTHDAY=3", "BYMONTHDAY goes with FREQ=MONTHLY"),
    ])
    func parsing_refusesWhatItCannotDo_sayingWhat(_ text: String, _ message: String) {
        let error = #expect(throws: ScheduleTimeError.self) { try Recurrence(parsing: text) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test func until_fromTheOption_joinsTheRule_andMustBeADate() throws {
        #expect(try Recurrence(parsing: "weekly", until: "2027-03-01").rrule == "FREQ=WEEKLY;UNTIL=20270301")
        #expect(throws: ScheduleTimeError.self) { try Recurrence(parsing: "weekly", until: "March 1st") }
        #expect(throws: ScheduleTimeError.self) { try Recurrence(parsing: "FREQ=WEEKLY;UNTIL=20270401", until: "2027-03-01") }
    }

    /// Paris leaves summer time on Sunday 2027-10-31: a Thursday 07:30 series is 05:30 UTC before and 06:30 UTC after.
    @Test func aWeeklySeries_acrossTheEndOfOctober_isAlways0730Local() throws {
        let rule = try Recurrence(parsing: "weekly on thu", until: "2027-11-18")
        let occurrences = rule.occurrences(first: start("2027-10-14T07:30:00"), limit: 10)
        #expect(occurrences.map(\.time.wallClock) == ["2027-10-14T07:30:00", "2027-10-21T07:30:00", "2027-10-28T07:30:00",
                                                      "2027-11-04T07:30:00", "2027-11-11T07:30:00", "2027-11-18T07:30:00"])
        #expect(occurrences.map { RFC3339.format($0.time.instant) } == ["2027-10-14T05:30:00Z", "2027-10-21T05:30:00Z", "2027-10-28T05:30:00Z",
                                                                     "2027-11-04T06:30:00Z", "2027-11-11T06:30:00Z", "2027-11-18T06:30:00Z"])
        #expect(occurrences.map(\.index) == Array(1...6))
        #expect(occurrences.allSatisfy { $0.note == nil })
    }

    @Test func occurrences_startOnTheFirstDateTheRuleHas_countAndPage() throws {
        // 2027-03-02 is a Tuesday: the first Monday/Thursday on or after it is Thursday the 4th.
        let rule = try Recurrence(parsing: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=5")
        let all = rule.occurrences(first: start("2027-03-02T18:00:00"), limit: 100)
        #expect(all.map { $0.time.wallClock.prefix(10) } == ["2027-03-04", "2027-03-08", "2027-03-11", "2027-03-15", "2027-03-18"])
        #expect(rule.occurrences(first: start("2027-03-02T18:00:00"), from: 4, limit: 100).map(\.index) == [4, 5])
        let soon = rule.occurrences(first: start("2027-03-02T18:00:00"), limit: 100, through: RFC3339.parse("2027-03-09T00:00:00Z")!)
        #expect(soon.count == 2)
    }

    @Test func monthly_skipsMonthsWithoutTheDay() throws {
        let rule = try Recurrence(parsing: "monthly")
        let days = rule.occurrences(first: start("2027-01-31T09:00:00", "UTC"), limit: 4).map { String($0.time.wallClock.prefix(10)) }
        #expect(days == ["2027-01-31", "2027-03-31", "2027-05-31", "2027-07-31"])
    }

    /// Paris skips 02:00–02:59 on 2027-03-28: a daily 02:30 post is at 03:00 that day, and says so.
    @Test func aTimeTheClocksSkip_movesToTheFirstMinuteThatExists() throws {
        let occurrences = try Recurrence(parsing: "daily").occurrences(first: start("2027-03-27T02:30:00"), limit: 3)
        #expect(occurrences.map(\.time.wallClock) == ["2027-03-27T02:30:00", "2027-03-28T03:00:00", "2027-03-29T02:30:00"])
        #expect(occurrences[1].note == "2027-03-28 02:30 does not exist in Europe/Paris (the clocks go forward); 03:00 was taken")
    }

    @Test func seriesText_fillsInDateWeekdayAndNumber() throws {
        let occurrence = try Recurrence(parsing: "weekly").occurrences(first: start("2027-10-28T07:30:00"), from: 2, limit: 1)[0]
        #expect(SeriesText.render("Club run #{{n}}, {{weekday}} {{date}}", occurrence) == "Club run #2, Thursday 2027-11-04")
    }
}
