import Connectors
import Foundation
import HTTPClient
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// One edit model for every door (issue 47): a patch of named fields, checked once by ``PostService/edit(id:_:author:)``
/// and applied in one transaction, with the post's version as its precondition. Each test names a rule the doors used
/// to disagree on, on both stores.
@Suite struct EditModelTests {
    /// A Thursday noon, UTC.
    static let start = RFC3339.parse("2027-10-07T12:00:00Z")!

    func services(_ store: any SchedulerStore) -> PostService {
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"), transport: UnusedTransport())
        let series = SeriesService(store: store, wake: WakeSignal(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        return PostService(store: store, connectors: ConnectorRegistry([x]), wake: WakeSignal(), defaultZone: TimeZone(identifier: "Europe/Paris")!,
                           defaultLatenessSeconds: 3_600, series: series, now: { Self.start })
    }

    func scheduled(_ posts: PostService, _ request: SchedulePostRequest) async throws -> PostView {
        guard case .stored(let view) = try await posts.schedule(request) else { throw RequestError.badRequest("not stored") }
        return view
    }

    @Test(arguments: StoreBackend.allCases)
    func anEditBuiltFromAnOlderVersion_isRefused_andChangesNothing(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount("club")
            let posts = services(store)
            let post = try await scheduled(posts, SchedulePostRequest(text: "Club run Thursday", to: ["x:@club"], at: "2027-10-14 18:30"))
            let first = try await posts.edit(id: post.id, EditPostRequest(text: "Club run Thursday, all paces", version: post.version))
            #expect(first.version > post.version, "every change makes a new version")
            // Another tab saves from the reading it had: refused, naming both versions; the text stays the first edit's.
            let stale = await #expect(throws: RequestError.self) {
                _ = try await posts.edit(id: post.id, EditPostRequest(text: "Club run Friday", version: post.version))
            }
            #expect(stale?.code == .conflict && stale?.message.contains("changed since version \(post.version)") == true
                    && stale?.message.contains("now version \(first.version)") == true, "\(stale?.message ?? "")")
            #expect(try await store.post(id: post.id).text == "Club run Thursday, all paces")
            // The store holds the rule too: a change checked against a reading that went stale before its transaction.
            var change = PostChange(text: "Club run Saturday")
            change.expectedVersion = post.version
            let raced = await #expect(throws: StoreError.self) { _ = try await store.editPost(id: post.id, change: change, now: Self.start) }
            #expect(raced?.code == .conflict)
            // Two edits in one millisecond still make two versions.
            let again = try await posts.edit(id: post.id, EditPostRequest(lateness: "20m", version: first.version))
            #expect(again.version > first.version)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anOccurrenceEditedAlone_keepsWhatItWasGiven_whenTheSeriesTextChanges(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount("club")
            let posts = services(store)
            _ = try await scheduled(posts, SchedulePostRequest(text: "Club run {{n}} at 09:00", to: ["x:@club"], at: "2027-10-14 09:00",
                                                               repeatRule: "weekly on thu"))
            var all = try await store.listPosts(filter: .all, limit: 100, offset: 0).filter { $0.series != nil }.sorted { $0.series!.index < $1.series!.index }
            let moved = try await posts.edit(id: all[1].id, EditPostRequest(text: "Club run 2 at 10:00", at: "2027-10-21 10:00"))
            #expect(moved.series?.editedAlone == true)

            let edited = try await posts.edit(id: all[0].id, EditPostRequest(text: "Track night {{n}}", series: true))
            all = try await store.listPosts(filter: .all, limit: 100, offset: 0).filter { $0.series != nil }.sorted { $0.series!.index < $1.series!.index }
            #expect(all[1].text == "Club run 2 at 10:00" && all[1].dueLocal == "2027-10-21T10:00:00", "the occurrence edited alone keeps its text and time")
            #expect(all[0].text == "Track night 1" && all[2].text == "Track night 3")
            #expect(edited.notes?.contains { $0.contains("left alone") && $0.contains("post \(all[1].id)") } == true, "\(edited.notes ?? [])")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aPostWhoseAccountsEachHaveTheirOwnText_takesNoAccountWithoutOne_andNoCommonTextThatReachesNobody(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount("club")
            _ = try await store.addAccount("club2")
            _ = try await store.addAccount("runner")
            let posts = services(store)
            // As a run post is stored: every account's text written for its network.
            let post = try await scheduled(posts, SchedulePostRequest(text: "10.0 km in 52:10", to: ["x:@club", "x:@club2"], at: "2027-10-14 18:30",
                                                                      overrides: ["x:@club": "10.0 km in 52:10", "x:@club2": "Sunday run: 10.0 km"]))
            let added = await #expect(throws: RequestError.self) {
                _ = try await posts.edit(id: post.id, EditPostRequest(addTo: ["x:@runner"]))
            }
            #expect(added?.problems?.contains { $0.contains("none to give x:@runner; give it one of its own") } == true, "\(added?.problems ?? [])")
            let common = await #expect(throws: RequestError.self) { _ = try await posts.edit(id: post.id, EditPostRequest(text: "New words")) }
            #expect(common?.problems?.contains { $0.contains("would reach none of them") } == true, "\(common?.problems ?? [])")
            #expect(try await store.post(id: post.id).deliveries.count == 2, "nothing was written")

            let withText = try await posts.edit(id: post.id, EditPostRequest(overrides: ["x:@runner": "A good run: 10 km"], addTo: ["x:@runner"]))
            #expect(withText.deliveries.first { $0.account == "x:@runner" }?.text == "A good run: 10 km")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aNewCommonText_saysWhichAccountsTakeIt_andWhichKeepTheirOwn(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount("club")
            _ = try await store.addAccount("club2")
            let posts = services(store)
            let post = try await scheduled(posts, SchedulePostRequest(text: "Club run", to: ["x:@club", "x:@club2"], at: "2027-10-14 18:30",
                                                                      overrides: ["x:@club2": "Club run, all paces welcome"]))
            let edited = try await posts.edit(id: post.id, EditPostRequest(text: "Club run at the river"))
            #expect(edited.notes?.contains { $0.contains("goes to x:@club") && $0.contains("x:@club2 keeps its own text") } == true,
                    "\(edited.notes ?? [])")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theFirstCommentAndTheOptions_areFieldsOfThePatch_checkedAsAtScheduling(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            _ = try await store.addAccount("club")
            let posts = services(store)
            let post = try await scheduled(posts, SchedulePostRequest(text: "Club run", to: ["x:@club"], at: "2027-10-14 18:30"))
            let commented = try await posts.edit(id: post.id, EditPostRequest(firstComment: "Route: https://example.org/r/1"))
            #expect(commented.deliveries[0].firstComment == "Route: https://example.org/r/1" && commented.deliveries[0].partCount == 2)
            let removed = try await posts.edit(id: post.id, EditPostRequest(firstComment: ""))
            #expect(removed.deliveries[0].firstComment == nil && (removed.deliveries[0].partCount ?? 1) == 1)
            let mastodonOnly = await #expect(throws: RequestError.self) { _ = try await posts.edit(id: post.id, EditPostRequest(visibility: "unlisted")) }
            #expect(mastodonOnly?.problems?.contains { $0.contains("a visibility is Mastodon's") } == true, "\(mastodonOnly?.problems ?? [])")
            let tooLong = await #expect(throws: RequestError.self) {
                _ = try await posts.edit(id: post.id, EditPostRequest(firstComment: String(repeating: "a", count: 281)))
            }
            #expect(tooLong?.problems?.contains { $0.contains("the first comment") } == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aMissedPost_isEditedAndScheduledAgain_inOneChange_butNeverOneThatMayBeOut(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let club = try await store.addAccount("club")
            let posts = services(store)
            let post = try await store.addPost("Club run at six", due: Self.start.addingTimeInterval(-7_200), to: [club], lateness: 600)
            _ = try await store.claimDue(now: Self.start, limit: 10)
            #expect(try await store.post(id: post.id).deliveries.map(\.state) == [.missed])
            let plain = await #expect(throws: (any Error).self) {
                _ = try await posts.edit(id: post.id, EditPostRequest(text: "Club run at seven", at: "2027-10-14 19:00"))
            }
            #expect("\(plain!)".contains("missed"), "without --reschedule, what did not go out stays as it is: \(plain!)")
            let noTime = await #expect(throws: (any Error).self) {
                _ = try await posts.edit(id: post.id, EditPostRequest(text: "Club run at seven", reschedule: true))
            }
            #expect("\(noTime!)".contains("needs a new time"), "\(noTime!)")

            let again = try await posts.edit(id: post.id, EditPostRequest(text: "Club run at seven", at: "2027-10-14 19:00", reschedule: true))
            #expect(again.text == "Club run at seven" && again.dueLocal == "2027-10-14T19:00:00")
            #expect(again.deliveries.map(\.state) == [.scheduled] && again.deliveries[0].error == nil && again.deliveries[0].attempts == 0)
            #expect(again.notes?.contains { $0.hasPrefix("scheduled again for 2027-10-14 19:00: x:@club") } == true, "\(again.notes ?? [])")
            #expect(try await store.claimDue(now: again.dueAt!, limit: 10).claimed.map(\.deliveryID) == [again.deliveries[0].id])
        }
    }
}
