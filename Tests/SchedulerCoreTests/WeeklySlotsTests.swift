import Foundation
import Testing
@testable import SchedulerCore

/// Posting slots: read as people type them, shown back in the same form, and placed on the calendar at their
/// wall-clock time across DST changes.
@Suite struct WeeklySlotsTests {
    func utc(_ text: String) -> Date { RFC3339.parse(text)! }

    @Test func parsing_readsDayGroupsAndTheirTimes_andSummarizesThemBack() throws {
        let slots = try WeeklySlots(parsing: ["mon-fri", "07:30,12:15", "sat", "09:00"], zone: "Europe/Kyiv")
        #expect(slots.slots.count == 11)
        #expect(slots.slots.first == .init(weekday: 1, minute: 450))
        #expect(slots.slots.last == .init(weekday: 6, minute: 540))
        #expect(slots.summary == "mon-fri 07:30,12:15 sat 09:00")
        #expect(try WeeklySlots(parsing: [slots.summary], zone: "Europe/Kyiv") == slots, "the summary reads back")
        #expect(try WeeklySlots(parsing: ["mon,wed", "18:00", "19:00"], zone: "UTC").summary == "mon 18:00,19:00 wed 18:00,19:00")
        #expect(try WeeklySlots(parsing: ["weekends 9:05"], zone: "UTC").summary == "sat,sun 09:05")
        #expect(try WeeklySlots(parsing: ["daily 08:00"], zone: "UTC").slots.count == 7)
        #expect(try WeeklySlots(parsing: ["sat-mon 10:00"], zone: "UTC").slots.map(\.weekday) == [1, 6, 7], "a range may wrap the week")
        #expect(try WeeklySlots(parsing: ["Monday", "07:30"], zone: "UTC").summary == "mon 07:30")
    }

    @Test(arguments: [
        (["07:30", "mon"], "'07:30' comes before any day"),
        (["mon-fri"], "mon,tue,wed,thu,fri has no time"),
        (["mon", "sat", "09:00"], "mon has no time"),
        (["mon", "25:00"], "'25:00' is neither days"),
        (["mon", "7.30"], "'7.30' is neither days"),
        (["someday", "07:30"], "'someday' is neither days"),
        ([], "no slots given"),
    ])
    func parsing_refusesWhatIsNotSlots_sayingWhich(_ words: [String], _ message: String) {
        let error = #expect(throws: ScheduleTimeError.self) { try WeeklySlots(parsing: words, zone: "UTC") }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test func parsing_refusesAnUnknownZone() {
        let error = #expect(throws: ScheduleTimeError.self) { try WeeklySlots(parsing: ["mon 07:30"], zone: "Europe/Atlantis") }
        #expect(error?.message.contains("unknown time zone 'Europe/Atlantis'") == true)
    }

    /// Paris moves from UTC+1 to UTC+2 on Sunday 2027-03-28 at 02:00 (02:00–02:59 does not exist) and back on
    /// Sunday 2027-10-31 at 03:00 (02:00–02:59 happens twice).
    @Test func occurrences_stayAtTheirWallClockTime_acrossBothParisChanges() throws {
        let slots = try WeeklySlots(parsing: ["sun 07:30 02:30"], zone: "Europe/Paris")
        let march = slots.occurrences(from: utc("2027-03-20T00:00:00Z"), through: utc("2027-04-05T00:00:00Z"))
        #expect(march.map { RFC3339.format($0.instant) } == [
            "2027-03-21T01:30:00Z", "2027-03-21T06:30:00Z",  // winter: UTC+1
            "2027-03-28T01:00:00Z", "2027-03-28T05:30:00Z",  // the change: 02:30 skipped → 03:00 (+2); 07:30 at +2
            "2027-04-04T00:30:00Z", "2027-04-04T05:30:00Z",
        ])
        #expect(march.map(\.time.wallClock) == ["2027-03-21T02:30:00", "2027-03-21T07:30:00", "2027-03-28T03:00:00", "2027-03-28T07:30:00",
                                                "2027-04-04T02:30:00", "2027-04-04T07:30:00"])
        #expect(march[2].note == "2027-03-28 02:30 does not exist in Europe/Paris (the clocks go forward); 03:00 was taken")
        #expect(march.filter { $0.note != nil }.count == 1)

        let october = slots.occurrences(from: utc("2027-10-30T00:00:00Z"), through: utc("2027-11-01T00:00:00Z"))
        #expect(october.map { RFC3339.format($0.instant) } == ["2027-10-31T00:30:00Z", "2027-10-31T06:30:00Z"],
                "02:30 happens twice: the first (+2) is taken; 07:30 is at +1 again")
    }

    /// New York moves to UTC−4 on Sunday 2027-03-14 at 02:00 and back to UTC−5 on Sunday 2027-11-07 at 02:00.
    @Test func occurrences_inNewYork_acrossBothChanges() throws {
        let slots = try WeeklySlots(parsing: ["daily 07:30"], zone: "America/New_York")
        let spring = slots.occurrences(from: utc("2027-03-13T00:00:00Z"), through: utc("2027-03-15T00:00:00Z"))
        #expect(spring.map { RFC3339.format($0.instant) } == ["2027-03-13T12:30:00Z", "2027-03-14T11:30:00Z"])
        let autumn = slots.occurrences(from: utc("2027-11-06T00:00:00Z"), through: utc("2027-11-08T00:00:00Z"))
        #expect(autumn.map { RFC3339.format($0.instant) } == ["2027-11-06T11:30:00Z", "2027-11-07T12:30:00Z"])
        #expect((spring + autumn).allSatisfy { $0.time.wallClock.hasSuffix("T07:30:00") && $0.note == nil })
    }

    @Test func contains_recognizesItsOwnOccurrences_only() throws {
        let slots = try WeeklySlots(parsing: ["mon-fri 07:30"], zone: "Europe/Kyiv")
        #expect(slots.contains(utc("2027-01-04T05:30:00Z")), "Monday 07:30 in Kyiv (UTC+2)")
        #expect(!slots.contains(utc("2027-01-04T05:31:00Z")))
        #expect(!slots.contains(utc("2027-01-09T05:30:00Z")), "a Saturday")
    }
}
