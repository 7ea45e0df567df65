import Foundation
import SchedulerCore
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// Issue 25, bug 20: a weekly series starting months ahead showed one post (occurrences are made four weeks ahead). Its
/// other occurrences in a calendar's range are given as planned, at their wall-clock time across the clocks changing,
/// and a dry run lists the first ones and the first after each change of the zone's offset.
@Suite struct SeriesPlannedTests {
    @Test(arguments: StoreBackend.allCases)
    func aSeriesMonthsAhead_hasItsLaterOccurrencesPlanned_inTheCalendarsRange(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let services = SeriesTests().services(store)
            // Now is 2027-10-07; the series starts on Thursday 2028-03-02, weekly: Paris springs forward on 2028-03-26.
            let first = try await SeriesTests().repeating(services, "Club run #{{n}} on {{date}}", at: "2028-03-02 18:30")
            #expect(try await SeriesTests().occurrences(store).count == 1, "only the first is a post, months ahead")

            let march = (RFC3339.parse("2028-03-01T00:00:00Z")!, RFC3339.parse("2028-04-01T00:00:00Z")!)
            let planned = try await services.series.planned(from: march.0, to: march.1, accountID: nil)
            #expect(planned.map(\.index) == [2, 3, 4, 5], "every later occurrence in March, not the first (a post)")
            #expect(planned.map(\.dueLocal) == ["2028-03-09T18:30:00", "2028-03-16T18:30:00", "2028-03-23T18:30:00", "2028-03-30T18:30:00"])
            #expect(planned.map { RFC3339.format($0.dueAt) }.last == "2028-03-30T16:30:00Z", "18:30 in summer time is 16:30 UTC")
            #expect(planned.first?.text == "Club run #2 on 2028-03-09" && planned.first?.accounts == ["x:@club"])
            #expect(planned.allSatisfy { $0.seriesId == first.series?.id })
            let other = try await store.addAccount("other")
            #expect(try await services.series.planned(from: march.0, to: march.1, accountID: other.id).isEmpty, "another account's calendar")
        }
    }

    @Test func aDryRun_listsTheFirstOccurrences_andTheFirstAfterEachOffsetChange() throws {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let start = try ScheduleTimeParser(zone: paris, now: SeriesTests.start).parse("2028-01-06 18:30")
        let listed = SeriesService.plannedForDryRun(try Recurrence(parsing: "weekly on thu"), start: start, text: "Run #{{n}}", accounts: ["x:@club"])
        #expect(listed.prefix(8).map(\.index) == Array(1...8))
        #expect(listed.dropFirst(8).map(\.dueLocal) == ["2028-03-30T18:30:00", "2028-11-02T18:30:00"],
                "the first Thursday in summer time, and the first after it ends")
        #expect(listed.dropFirst(8).map { RFC3339.format($0.dueAt) } == ["2028-03-30T16:30:00Z", "2028-11-02T17:30:00Z"])
    }
}
