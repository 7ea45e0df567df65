import Connectors
import Foundation
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Placeholders are filled in wherever an occurrence's text is set, and a `{{…}}` that nothing fills in is refused
/// where it is typed instead of going out as typed (issue 25, item 1 and its friction).
@Suite struct SeriesPlaceholderTests {
    let series = SeriesTests()

    @Test(arguments: StoreBackend.allCases)
    func anOccurrenceEditedAlone_getsItsPlaceholdersFilledIn_inItsTextAndItsTextFor(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            try await store.addAccount("club")
            try await store.addAccount("coach")
            let services = series.services(store)
            guard case .stored = try await services.posts.schedule(SchedulePostRequest(
                text: "Streak day {{n}} on {{date}}", to: ["x:@club", "x:@coach"], at: "2027-10-08 07:30", repeatRule: "daily")) else {
                Issue.record("not stored"); return
            }
            let third = try await series.occurrences(store)[2]
            let edited = try await services.posts.edit(id: third.id, EditPostRequest(
                text: "Streak day {{n}} on {{date}} - rest day", overrides: ["x:@coach": "Day {{ n }}, a {{weekday}}: rest"]))
            #expect(edited.text == "Streak day 3 on 2027-10-10 - rest day")
            #expect(edited.deliveries.first { $0.account == "x:@coach" }?.text == "Day 3, a Sunday: rest")

            let moved = try await services.posts.edit(id: third.id, EditPostRequest(text: "Day {{n}}: {{weekday}} {{date}}", at: "2027-10-11 08:00"))
            #expect(moved.text == "Day 3: Monday 2027-10-11", "filled in for the day it moves to")
        }
    }

    @Test func aKeyNothingFillsIn_isRefusedAtScheduleEditAndImport_namingThePlaceholders() async throws {
        let store = try SQLiteStore.inMemory()
        try await store.addAccount("club")
        let services = series.services(store)
        let unknown = await #expect(throws: RequestError.self) {
            _ = try await services.posts.schedule(SchedulePostRequest(text: "Run {{nonexistent}}", to: ["x:@club"], at: "2027-10-14 07:30",
                                                                      repeatRule: "weekly"))
        }
        #expect(unknown?.message == "the text has {{nonexistent}}, which is not a placeholder; the placeholders are {{n}}, {{date}}, {{weekday}}, "
                + "filled in for each occurrence of a repeating post")
        let once = await #expect(throws: RequestError.self) {
            _ = try await services.posts.schedule(SchedulePostRequest(text: "Run on {{date}}", to: ["x:@club"], at: "2027-10-14 07:30"))
        }
        #expect(once?.message.contains("{{date}}, which is filled in only in a repeating post") == true, "\(once?.message ?? "")")
        let batch = await #expect(throws: RequestError.self) {
            _ = try await services.posts.importPosts(ImportRequest(posts: [
                SchedulePostRequest(text: "Run #{{N}}", to: ["x:@club"], at: "2027-10-14 07:30", repeatRule: "weekly")]))
        }
        #expect(batch?.problems?.first?.hasPrefix("line 1: the text has {{N}}, which is not a placeholder") == true, "\(batch?.problems ?? [])")
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)

        let plain = try await store.addPost("Plain", due: SeriesTests.start.addingTimeInterval(86_400), to: [try await store.account(reference: "x:@club")])
        let edit = await #expect(throws: RequestError.self) {
            _ = try await services.posts.edit(id: plain.id, EditPostRequest(overrides: ["x:@club": "Today {{weekday}}"]))
        }
        #expect(edit?.message.contains("the text for x:@club has {{weekday}}, which is filled in only in a repeating post") == true,
                "\(edit?.message ?? "")")
        guard case .stored(let first) = try await services.posts.schedule(SchedulePostRequest(
            text: "Club run #{{n}}", to: ["x:@club"], at: "2027-10-14 07:30", repeatRule: "weekly")) else { Issue.record("not stored"); return }
        let seriesEdit = await #expect(throws: RequestError.self) {
            _ = try await services.posts.edit(id: first.id, EditPostRequest(text: "Club run {{number}}", series: true))
        }
        #expect(seriesEdit?.message.contains("{{number}}, which is not a placeholder") == true, "\(seriesEdit?.message ?? "")")
    }
}
