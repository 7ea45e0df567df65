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

/// Repeating posts through the services on both stores: occurrences a few weeks ahead at their wall-clock time,
/// each its own post; more created as time goes on; one occurrence or the rest of the series cancelled.
@Suite struct SeriesTests {
    /// Thursday 2027-10-07 12:00 UTC.
    static let start = RFC3339.parse("2027-10-07T12:00:00Z")!

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = SeriesTests.start
        var now: Date {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    struct Services {
        let posts: PostService
        let series: SeriesService
        let clock: Clock
    }

    func services(_ store: any SchedulerStore) -> Services {
        let clock = Clock()
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"), transport: UnusedTransport())
        let series = SeriesService(store: store, wake: WakeSignal(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let posts = PostService(store: store, connectors: ConnectorRegistry([x]), wake: WakeSignal(), defaultZone: TimeZone(identifier: "Europe/Paris")!,
                                defaultLatenessSeconds: 3_600, series: series, now: { clock.now })
        return Services(posts: posts, series: series, clock: clock)
    }

    func repeating(_ services: Services, _ text: String = "Club run #{{n}} on {{date}}", rule: String = "weekly on thu", until: String? = nil,
                   at: String = "2027-10-14 07:30") async throws -> PostView {
        guard case .stored(let view) = try await services.posts.schedule(SchedulePostRequest(text: text, to: ["x:@club"], at: at,
                                                                                              repeatRule: rule, until: until)) else {
            throw RequestError.badRequest("not stored")
        }
        return view
    }

    func occurrences(_ store: any SchedulerStore) async throws -> [PostRecord] {
        try await store.listPosts(filter: .all, limit: 100, offset: 0).filter { $0.series != nil }.sorted { $0.series!.index < $1.series!.index }
    }

    /// Paris leaves summer time on Sunday 2027-10-31.
    @Test(arguments: StoreBackend.allCases)
    func aWeeklySeries_acrossTheEndOfOctober_isAt0730LocalEveryTime_andGrowsAsTimeGoesOn(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let services = services(store)
            let first = try await repeating(services, until: "2027-12-31")
            #expect(first.series?.index == 1 && first.series?.rule == "FREQ=WEEKLY;BYDAY=TH;UNTIL=20271231")
            #expect(first.text == "Club run #1 on 2027-10-14")
            #expect(first.notes?.contains { $0.contains("4 occurrences created, through 2027-11-04 07:30") } == true, "\(first.notes ?? [])")

            var all = try await occurrences(store)
            #expect(all.map(\.dueLocal) == ["2027-10-14T07:30:00", "2027-10-21T07:30:00", "2027-10-28T07:30:00", "2027-11-04T07:30:00"])
            #expect(all.map { RFC3339.format($0.dueAt!) } == ["2027-10-14T05:30:00Z", "2027-10-21T05:30:00Z", "2027-10-28T05:30:00Z",
                                                            "2027-11-04T06:30:00Z"])
            #expect(all.map(\.text).last == "Club run #4 on 2027-11-04")

            services.clock.now = RFC3339.parse("2027-10-22T12:00:00Z")!
            let next = await services.series.extendOpenSeries(now: services.clock.now)
            all = try await occurrences(store)
            #expect(all.count == 6, "two more weeks came within the horizon")
            #expect(all.suffix(2).map(\.dueLocal) == ["2027-11-11T07:30:00", "2027-11-18T07:30:00"])
            #expect(next == RFC3339.parse("2027-11-18T06:30:00Z")!.addingTimeInterval(-SeriesService.horizon))
            _ = await services.series.extendOpenSeries(now: services.clock.now)
            #expect(try await occurrences(store).count == 6, "extending again adds nothing")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func cancellingOneOccurrence_leavesTheOthers_andCancellingTheSeries_spareswhatWasPublished(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let services = services(store)
            _ = try await repeating(services, at: "2027-10-07 14:30")
            var all = try await occurrences(store)
            // The first goes out.
            #expect(try await store.publishDue(at: all[0].dueAt!).map(\.postID) == [all[0].id])
            _ = try await services.posts.cancel(id: all[1].id)
            all = try await occurrences(store)
            #expect(all.map { $0.deliveries[0].state } == [.published, .cancelled, .scheduled, .scheduled], "four weeks from now")

            let ended = try await services.series.cancelSeries(ofPost: all[3].id, now: services.clock.now)
            #expect(ended.deliveries[0].state == .cancelled)
            all = try await occurrences(store)
            #expect(all.map { $0.deliveries[0].state } == [.published, .cancelled, .cancelled, .cancelled])
            services.clock.now = RFC3339.parse("2027-11-30T12:00:00Z")!
            #expect(await services.series.extendOpenSeries(now: services.clock.now) == nil, "an ended series creates nothing more")
            #expect(try await occurrences(store).count == 4)
            let alone = await #expect(throws: StoreError.self) {
                _ = try await services.series.cancelSeries(ofPost: try await store.addPost(due: Self.start, to: [try await store.account(reference: "x:@club")]).id)
            }
            #expect(alone?.message.contains("is not part of a series") == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func editingTheSeriesText_changesTheOccurrencesToCome_andTheOnesCreatedLater(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let services = services(store)
            _ = try await repeating(services, at: "2027-10-07 14:30")
            var all = try await occurrences(store)
            #expect(try await store.publishDue(at: all[0].dueAt!).map(\.postID) == [all[0].id])
            services.clock.now = all[0].dueAt!.addingTimeInterval(60)

            let edited = try await services.posts.edit(id: all[1].id, EditPostRequest(text: "Track night {{n}} ({{weekday}})", series: true))
            #expect(edited.text == "Track night 2 (Thursday)")
            all = try await occurrences(store)
            #expect(all.map(\.text) == ["Club run #1 on 2027-10-07", "Track night 2 (Thursday)", "Track night 3 (Thursday)", "Track night 4 (Thursday)"],
                    "the published one keeps its text")
            services.clock.now = RFC3339.parse("2027-10-20T12:00:00Z")!
            _ = await services.series.extendOpenSeries(now: services.clock.now)
            #expect(try await occurrences(store).last?.text == "Track night 6 (Thursday)", "occurrences created later use the new text")

            let long = await #expect(throws: RequestError.self) {
                _ = try await services.posts.edit(id: all[1].id, EditPostRequest(text: String(repeating: "a", count: 281), series: true))
            }
            #expect(long?.message.contains("280") == true)
            #expect(try await occurrences(store)[2].text == "Track night 3 (Thursday)", "a refused text changes nothing")
            let alone = await #expect(throws: RequestError.self) {
                _ = try await services.posts.edit(id: all[1].id, EditPostRequest(text: "x", at: "2027-12-01 07:00", series: true))
            }
            #expect(alone?.message.contains("a new text for the occurrences still to come, and nothing else") == true && alone?.hint == .give(.text))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aCountedSeries_ends_afterItsLastOccurrence(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            let services = services(store)
            let first = try await repeating(services, rule: "FREQ=DAILY;COUNT=3", at: "2027-10-08 07:30")
            #expect(first.notes?.contains { $0.contains("3 occurrences created") && $0.contains("that is all of them") } == true)
            #expect(try await store.openSeries().isEmpty)
        }
    }

    @Test func theSameTextEveryTime_isWarnedAboutForX_andATooLongOccurrenceIsRefused() async throws {
        let store = try SQLiteStore.inMemory()
        try await store.addAccount("club")
        let services = services(store)
        let same = try await repeating(services, "Club run Thursday")
        #expect(same.notes?.contains { $0.contains("X refuses a text it was sent before") && $0.contains("x:@club") } == true, "\(same.notes ?? [])")
        let numbered = try await repeating(services, "Club run {{date}}", at: "2027-10-15 07:30")
        #expect(numbered.notes?.contains { $0.contains("X refuses") } == false)

        let long = String(repeating: "a", count: 270) + " {{weekday}} {{date}}"
        let refused = await #expect(throws: RequestError.self) { _ = try await repeating(services, long, at: "2027-10-16 07:30") }
        #expect(refused?.message.contains("occurrence 1 (2027-10-21): x:@club") == true, "\(refused?.message ?? "")")
        #expect(refused?.message.contains("280") == true)
    }

    @Test func repeatOptions_thatDoNotFit_areRefusedSayingWhy() async throws {
        let store = try SQLiteStore.inMemory()
        try await store.addAccount("club")
        let services = services(store)
        for (request, message) in [
            (SchedulePostRequest(text: "a", to: ["x:@club"], at: nil, draft: true, repeatRule: "weekly"), "a repeating post needs the first occurrence's time"),
            (SchedulePostRequest(text: "a", to: ["x:@club"], at: "2027-10-14 07:30", until: "2027-12-01"), "an end was given to no repeat"),
            (SchedulePostRequest(text: "a", to: ["x:@club"], at: "2027-10-14 07:30", repeatRule: "fortnightly"), "is not understood"),
            (SchedulePostRequest(text: "a", to: ["x:@club"], at: "2027-10-14 07:30", repeatRule: "weekly", until: "2027-10-01"), "has no occurrence"),
        ] {
            let error = await #expect(throws: RequestError.self) { _ = try await services.posts.schedule(request) }
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        }
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
    }
}
