import Connectors
import Foundation
import HTTPClient
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Importing a batch through the service on both stores: every row checked first, all or nothing (or the valid
/// ones with skip_invalid), problems named by their file line.
@Suite struct ImportServiceTests {
    /// 2030-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_893_456_000)

    func service(_ store: any SchedulerStore) -> PostService {
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"), transport: UnusedTransport())
        let series = SeriesService(store: store, wake: WakeSignal(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        return PostService(store: store, connectors: ConnectorRegistry([x]), wake: WakeSignal(), defaultZone: TimeZone(identifier: "UTC")!,
                           defaultLatenessSeconds: 3_600, series: series, now: { Self.now })
    }

    func row(_ text: String, at: String = "2030-01-02 07:30", to: [String] = ["x:@club"], tz: String? = "Europe/Kyiv") -> SchedulePostRequest {
        SchedulePostRequest(text: text, to: to, at: at, tz: tz)
    }

    @Test(arguments: StoreBackend.allCases)
    func aValidBatch_isStoredInOrder(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            try await store.addAccount("coach")
            let rows = (1...250).map { row("Row \($0)", to: $0 % 2 == 0 ? ["x:@club", "x:@coach"] : ["x:@club"]) }
            let view = try await service(store).importPosts(ImportRequest(posts: rows))
            #expect(view.valid == 250 && view.postIds.count == 250 && view.problems.isEmpty && !view.dryRun)
            let stored = try await store.listPosts(filter: .all, limit: 1_000, offset: 0).sorted { $0.id < $1.id }
            #expect(stored.map(\.id) == view.postIds)
            #expect(stored.map(\.text) == (1...250).map { "Row \($0)" })
            #expect(stored[1].deliveries.map(\.account) == ["x:@club", "x:@coach"])
            #expect(stored.allSatisfy { $0.dueLocal == "2030-01-02T07:30:00" && $0.dueZone == "Europe/Kyiv" })
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func oneBadRow_storesNothing_andNamesItsLine(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let rows = [row("fine"), row(String(repeating: "a", count: 300)), row("past", at: "2029-01-01 07:30"), row("fine too")]
            let error = await #expect(throws: RequestError.self) {
                _ = try await service(store).importPosts(ImportRequest(posts: rows, lines: [2, 3, 5, 6]))
            }
            #expect(error?.message == "2 of 4 rows are not valid; nothing was stored")
            #expect(error?.problems?.count == 2)
            #expect(error?.problems?.first?.hasPrefix("line 3: x:@club: the text counts 300 characters") == true, "\(error?.problems ?? [])")
            #expect(error?.problems?.last?.hasPrefix("line 5: '2029-01-01 07:30' is in the past") == true, "\(error?.problems ?? [])")
            #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
        }
    }

    @Test func skipInvalid_storesTheValidRows_andDryRunStoresNothing() async throws {
        let store = try SQLiteStore.inMemory()
        try await store.addAccount("club")
        let rows = [row("one"), row("nobody", to: ["x:@nobody"]), row("draft", at: "2030-01-02 07:30"), row("three")]
        var withDraft = rows
        withDraft[2].draft = true
        let dry = try await service(store).importPosts(ImportRequest(posts: withDraft, dryRun: true, skipInvalid: true))
        #expect(dry.dryRun && dry.valid == 2 && dry.postIds.isEmpty)
        #expect(dry.problems.map(\.line) == [2, 3])
        #expect(dry.problems[1].message.contains("an import row takes a time, not a draft"))
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)

        let stored = try await service(store).importPosts(ImportRequest(posts: withDraft, skipInvalid: true))
        #expect(stored.postIds.count == 2 && stored.problems.count == 2)
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).map(\.text).sorted() == ["one", "three"])
    }

    @Test(arguments: StoreBackend.allCases)
    func aRepeatRow_storesItsSeries_inTheSameTransaction(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            var weekly = row("Club run #{{n}}", at: "2030-01-03 18:30")
            weekly.repeatRule = "weekly on thu"
            var bad = row("Bad rule")
            bad.repeatRule = "fortnightly"
            let refused = await #expect(throws: RequestError.self) {
                _ = try await service(store).importPosts(ImportRequest(posts: [row("plain"), weekly, bad]))
            }
            #expect(refused?.problems == ["line 3: --repeat 'fortnightly' is not understood; use daily, weekly, monthly, 'weekly on mon,thu', "
                                          + "'every 2 weeks on mon', 'monthly on 1,15', or an RRULE such as FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10"])
            #expect(try await store.listPosts(filter: .all, limit: 100, offset: 0).isEmpty)

            let view = try await service(store).importPosts(ImportRequest(posts: [row("plain"), weekly]))
            #expect(view.postIds.count == 2)
            let occurrences = try await store.listPosts(filter: .all, limit: 100, offset: 0).filter { $0.series != nil }.sorted { $0.id < $1.id }
            #expect(occurrences.first?.id == view.postIds[1])
            #expect(occurrences.map(\.text).prefix(2) == ["Club run #1", "Club run #2"])
            #expect(occurrences.count == 4, "four Thursdays in the four weeks ahead")
            #expect(try await store.openSeries().count == 1)
        }
    }

    /// Issue 25, item 14: a series exported elsewhere continues from its next occurrence: the ones before it are not
    /// made again, and its numbers and COUNT go on from the series' start; the views say what the series is.
    @Test(arguments: StoreBackend.allCases)
    func aRowWithASeriesStart_continuesTheSeries_fromTheOccurrenceAtItsTime(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            try await store.addAccount("coach")
            // Thursdays from 2029-12-06; the fifth is 2030-01-03, after `now`.
            var row = row("Club run #{{n}} on {{date}}", at: "2030-01-03 18:30", to: ["x:@club", "x:@coach"])
            row.repeatRule = "FREQ=WEEKLY;BYDAY=TH;COUNT=7"
            row.seriesStart = "2029-12-06 18:30"
            row.overrides = ["x:@coach": "Coach {{n}}"]
            let view = try await service(store).importPosts(ImportRequest(posts: [row]))
            let occurrences = try await store.listPosts(filter: .all, limit: 100, offset: 0).filter { $0.series != nil }
                .sorted { $0.series!.index < $1.series!.index }
            #expect(occurrences.first?.id == view.postIds.first)
            #expect(occurrences.map { $0.series!.index } == [5, 6, 7], "numbers 1 to 4 were published elsewhere; COUNT=7 ends it")
            #expect(occurrences.map(\.text) == ["Club run #5 on 2030-01-03", "Club run #6 on 2030-01-10", "Club run #7 on 2030-01-17"])
            #expect(occurrences.first?.deliveries.last?.text == "Coach 5")
            let series = try #require(occurrences.first?.series)
            #expect(series.text == "Club run #{{n}} on {{date}}" && series.textFor == ["x:@coach": "Coach {{n}}"], "\(series)")
            #expect(series.start == "2029-12-06T18:30:00" && series.zone == "Europe/Kyiv" && series.rule == "FREQ=WEEKLY;BYDAY=TH;COUNT=7")
            #expect(try await store.openSeries().isEmpty, "all of its occurrences are made")

            var astray = row
            astray.at = "2030-01-04 18:30"
            let refused = await #expect(throws: RequestError.self) { _ = try await service(store).importPosts(ImportRequest(posts: [astray])) }
            #expect(refused?.problems?.first?.contains("2030-01-04 18:30 is not an occurrence of the series") == true, "\(refused?.problems ?? [])")
        }
    }
}

extension ImportServiceTests {
    /// X refuses a post identical to a recent one of the account: an import row repeating a stored post, or another
    /// row of the same file, within a day, is refused naming the other; the rest of the file is stored with skip_invalid.
    @Test(arguments: StoreBackend.allCases)
    func rowsRepeatingAStoredPostOrEachOther_withinADay_areRefused(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            try await store.addAccount("coach")
            let stored = try await service(store).importPosts(ImportRequest(posts: [row("Track at six", at: "2030-01-03 18:00")]))
            let rows = [row("Track at six", at: "2030-01-03 09:00"),  // the stored post's text, 9 hours before it
                        row("Hills on Sunday", at: "2030-01-05 08:00"),
                        row(" Hills on Sunday\n", at: "2030-01-04 20:00"),  // an earlier time, a later line: this one is refused
                        row("Hills on Sunday", at: "2030-01-07 08:00"),  // two days on
                        row("Hills on Sunday", at: "2030-01-05 09:00", to: ["x:@coach"])]  // another account
            let error = await #expect(throws: RequestError.self) {
                _ = try await service(store).importPosts(ImportRequest(posts: rows, lines: [2, 3, 4, 5, 6]))
            }
            #expect(error?.message == "2 of 5 rows are not valid; nothing was stored")
            #expect(error?.problems?.first?.hasPrefix("line 2: x:@club: X refuses a post identical to a recent one of the account, and post \(stored.postIds[0])")
                    == true, "\(error?.problems ?? [])")
            #expect(error?.problems?.last?.hasPrefix("line 4: x:@club: X refuses a post identical to a recent one of the account, and line 3 of this import")
                    == true, "\(error?.problems ?? [])")
            // Issue 48, item 7: the other post's time as people read every time (ZonedTime), in the zone the row was read in.
            #expect(error?.problems?.first?.contains("is due 2030-01-03 18:00 +02:00, within 24 hours") == true, "\(error?.problems ?? [])")
            #expect(error?.problems?.last?.contains("has the same text, due 2030-01-05 08:00 +02:00, within") == true, "\(error?.problems ?? [])")

            let view = try await service(store).importPosts(ImportRequest(posts: rows, lines: [2, 3, 4, 5, 6], skipInvalid: true))
            #expect(view.postIds.count == 3 && view.problems.map(\.line) == [2, 4])
        }
    }
}

extension ImportServiceTests {
    /// A large import is checked in slices side by side: the rows come back in their order, each problem with its line,
    /// and a row repeating one of another slice is still found.
    @Test func aLargeImport_checkedInSlices_keepsItsOrderAndItsLines() async throws {
        let store = try SQLiteStore.inMemory()
        try await store.addAccount("club")
        var rows = (0..<4_000).map { row("Row \($0)", at: "2030-01-\(String(format: "%02d", 2 + $0 / 200)) 07:\(String(format: "%02d", $0 % 60))") }
        rows[3_500] = row("Row 10", at: "2030-01-02 09:00")  // the text of row 10, of the first slice, the same morning
        rows[2_500].text = String(repeating: "a", count: 300)
        let error = await #expect(throws: RequestError.self) { _ = try await service(store).importPosts(ImportRequest(posts: rows)) }
        #expect(error?.problems?.count == 2)
        #expect(error?.problems?.first?.hasPrefix("line 2501: x:@club: the text counts 300 characters") == true, "\(error?.problems ?? [])")
        #expect(error?.problems?.last?.hasPrefix("line 3501: x:@club: X refuses a post identical to a recent one of the account, and line 11 of this import")
                == true, "\(error?.problems ?? [])")

        let view = try await service(store).importPosts(ImportRequest(posts: rows, skipInvalid: true))
        #expect(view.postIds.count == 3_998)
        let stored = try await store.listPosts(filter: .all, limit: 4_000, offset: 0).sorted { $0.id < $1.id }
        #expect(stored.map(\.text) == rows.enumerated().filter { ![2_500, 3_500].contains($0.offset) }.map(\.element.text))
    }
}
