import Connectors
import Foundation
import HTTPClient
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// The queue through the services: `--next-slot` takes the first slot of every target that no queued post has
/// taken, at its wall-clock time across DST, and changing slots moves the queued posts that no longer fit.
@Suite struct QueueServiceTests {
    let store: SQLiteStore
    let clock: TestClock
    let queue: QueueService
    let posts: PostService

    /// A clock a test can set.
    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Date
        init(_ value: Date) { self.value = value }
        var now: Date {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    init() throws {
        store = try SQLiteStore.inMemory()
        // Saturday 2027-03-20 12:00 UTC.
        let clock = TestClock(RFC3339.parse("2027-03-20T12:00:00Z")!)
        self.clock = clock
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"), transport: UnusedTransport())
        queue = QueueService(store: store, defaultZone: TimeZone(identifier: "Europe/Paris")!, wake: WakeSignal(), now: { clock.now })
        posts = PostService(store: store, connectors: ConnectorRegistry([x]), wake: WakeSignal(), defaultZone: TimeZone(identifier: "Europe/Paris")!,
                            defaultLatenessSeconds: 3_600, queue: queue, now: { clock.now })
    }

    private func nextSlot(_ text: String, to accounts: [String], dryRun: Bool = false) async throws -> PostService.Scheduled {
        try await posts.schedule(SchedulePostRequest(text: text, to: accounts, at: nil, dryRun: dryRun ? true : nil, nextSlot: true))
    }

    private func stored(_ scheduled: PostService.Scheduled) throws -> PostView {
        guard case .stored(let view) = scheduled else { throw RequestError.badRequest("not stored") }
        return view
    }

    @Test func nextSlot_takesTheFirstSlotOfEveryTarget_thatNoQueuedPostTook() async throws {
        try await store.addAccount("club")
        try await store.addAccount("coach")
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["sat-sun", "13:00,18:00"]))
        _ = try await queue.setSlots("x:@coach", SetSlotsRequest(slots: ["daily 18:00"]))

        let first = try stored(try await nextSlot("Both, first", to: ["x:@club", "x:@coach"]))
        #expect(first.dueAt == RFC3339.parse("2027-03-20T17:00:00Z"), "Saturday 18:00 in Paris: 13:00 is not a slot of the coach")
        #expect(first.dueLocal == "2027-03-20T18:00:00" && first.dueZone == "Europe/Paris" && first.queued == true)
        let clubOnly = try stored(try await nextSlot("Club only", to: ["x:@club"]))
        #expect(clubOnly.dueAt == RFC3339.parse("2027-03-21T12:00:00Z"), "Sunday 13:00: Saturday 18:00 is taken; DST is a week later")
        let second = try stored(try await nextSlot("Both, second", to: ["x:@club", "x:@coach"]))
        #expect(second.dueAt == RFC3339.parse("2027-03-21T17:00:00Z"))

        guard case .preview(let preview) = try await nextSlot("A look", to: ["x:@club"], dryRun: true) else { Issue.record("no preview"); return }
        #expect(preview.dueLocal == "2027-03-27T13:00:00", "the next free one, shown and not taken")
        #expect(try await store.queuedPosts(accountIDs: nil, from: clock.now).count == 3)

        let views = try await queue.queue(account: "x:@club")
        #expect(views.first?.posts.map(\.id) == [first.id, clubOnly.id, second.id])
        #expect(views.first?.nextFree.first == RFC3339.parse("2027-03-27T12:00:00Z"))
    }

    @Test func nextSlot_refusesAnAccountWithoutSlots_orAccountsWhoseSlotsNeverMeet() async throws {
        try await store.addAccount("club")
        try await store.addAccount("coach")
        let none = await #expect(throws: RequestError.self) { _ = try await nextSlot("x", to: ["x:@club"]) }
        #expect(none?.message.contains("x:@club has no posting slots") == true, "\(none?.message ?? "")")
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["mon 07:30"]))
        _ = try await queue.setSlots("x:@coach", SetSlotsRequest(slots: ["tue 07:30"]))
        let apart = await #expect(throws: RequestError.self) { _ = try await nextSlot("x", to: ["x:@club", "x:@coach"]) }
        #expect(apart?.message.contains("no time in the next year is a free slot of every one of x:@club, x:@coach") == true)
        #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).isEmpty)
        let bad = await #expect(throws: RequestError.self) { _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["07:30"])) }
        #expect(bad?.message == "slots for x:@club: '07:30' comes before any day; say which days first, as in 'mon-fri 07:30'")
        #expect(try await store.slots(accountID: 1)?.summary == "mon 07:30", "a refused change keeps the slots")
    }

    /// Paris skips 02:00–02:59 on Sunday 2027-03-28: a 02:30 slot is at 03:00 that day and says so; a 07:30 slot
    /// is 07:30 on both sides of the change.
    @Test func nextSlot_acrossTheParisChange_keepsTheWallClock_andMovesTheSkippedSlot() async throws {
        try await store.addAccount("club")
        clock.now = RFC3339.parse("2027-03-27T12:00:00Z")!
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["sun 02:30 07:30"], tz: "Europe/Paris"))
        let skipped = try stored(try await nextSlot("night run", to: ["x:@club"]))
        #expect(skipped.dueLocal == "2027-03-28T03:00:00" && skipped.dueAt == RFC3339.parse("2027-03-28T01:00:00Z"))
        #expect(skipped.notes == ["2027-03-28 02:30 does not exist in Europe/Paris (the clocks go forward); 03:00 was taken"])
        let morning = try stored(try await nextSlot("morning run", to: ["x:@club"]))
        #expect(morning.dueLocal == "2027-03-28T07:30:00" && morning.dueAt == RFC3339.parse("2027-03-28T05:30:00Z"), "07:30 at UTC+2 now")
    }

    /// New York moves to UTC−4 on Sunday 2027-03-14: the daily 07:30 slot is 12:30 UTC before and 11:30 UTC after.
    @Test func nextSlot_acrossTheNewYorkChange_keepsTheWallClock() async throws {
        try await store.addAccount("club")
        clock.now = RFC3339.parse("2027-03-13T00:00:00Z")!
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["daily 07:30"], tz: "America/New_York"))
        let saturday = try stored(try await nextSlot("one", to: ["x:@club"]))
        let sunday = try stored(try await nextSlot("two", to: ["x:@club"]))
        #expect(saturday.dueAt == RFC3339.parse("2027-03-13T12:30:00Z") && sunday.dueAt == RFC3339.parse("2027-03-14T11:30:00Z"))
        #expect([saturday, sunday].allSatisfy { $0.dueLocal.hasSuffix("T07:30:00") && $0.notes == nil })
    }

    @Test func changingSlots_movesTheQueuedPostsThatNoLongerFit_andSaysWhich() async throws {
        try await store.addAccount("club")
        // It is 13:00 in Paris.
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["sat 14:00,18:00 sun 18:00"]))
        let saturday = try stored(try await nextSlot("one", to: ["x:@club"]))
        let evening = try stored(try await nextSlot("two", to: ["x:@club"]))
        #expect(saturday.dueLocal == "2027-03-20T14:00:00" && evening.dueLocal == "2027-03-20T18:00:00")
        let fixed = try await store.addPost("fixed", due: RFC3339.parse("2027-03-20T13:30:00Z")!, to: [try await store.account(reference: "x:@club")])

        let changed = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["sat 18:00 mon 09:00"]))
        #expect(changed.slots == "mon 09:00 sat 18:00" && changed.zone == "Europe/Paris")
        #expect(changed.retimed?.map(\.postId) == [saturday.id], "only the post whose slot went moves")
        #expect(changed.retimed?.first?.toLocal == "2027-03-22T09:00:00", "to the first free slot: Saturday 18:00 is taken")
        #expect(try await store.post(id: saturday.id).dueLocal == "2027-03-22T09:00:00")
        #expect(try await store.post(id: evening.id).dueLocal == "2027-03-20T18:00:00")
        #expect(try await store.post(id: fixed.id).dueAt == RFC3339.parse("2027-03-20T13:30:00Z"), "a post with its own time never moves")

        let cleared = try await queue.clearSlots("x:@club")
        #expect(cleared.slots == nil && cleared.retimed == nil)
        #expect(Set(cleared.kept ?? []) == [saturday.id, evening.id], "no slot left: they keep their times, and are named")
    }

    @Test func aDraft_goesToTheNextSlot() async throws {
        try await store.addAccount("club")
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["daily 18:00"]))
        guard case .stored(let draft) = try await posts.schedule(SchedulePostRequest(text: "Club run", to: ["x:@club"], at: nil, draft: true)) else { return }
        let both = await #expect(throws: RequestError.self) {
            _ = try await posts.scheduleDraft(id: draft.id, ScheduleDraftRequest(at: "2027-03-21 07:00", nextSlot: true))
        }
        #expect(both?.message == "both a time and the next free slot were asked for" && both?.hint == .oneOf(.at, .nextSlot))
        let scheduled = try await posts.scheduleDraft(id: draft.id, ScheduleDraftRequest(at: nil, nextSlot: true))
        #expect(scheduled.dueLocal == "2027-03-20T18:00:00" && scheduled.queued == true && scheduled.deliveries.map(\.state) == [.scheduled])
    }

    /// Issue 47: a post imported (or given its time by hand) at 18:00:20 holds the 18:00 slot: `--next-slot` and the
    /// queue's free slots pass over it, as they pass over a queued post.
    @Test func nextSlot_passesOverAMinuteAnyPostOfTheAccountIsDueIn_notOnlyAQueuedOne() async throws {
        let club = try await store.addAccount("club")
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["daily 18:00"]))
        // Saturday 18:00:20 in Paris, as an import stores it: not queued.
        try await store.addPost("imported", due: RFC3339.parse("2027-03-20T17:00:20Z")!, to: [club], now: clock.now)
        let placed = try stored(try await nextSlot("Queued", to: ["x:@club"]))
        #expect(placed.dueAt == RFC3339.parse("2027-03-21T17:00:00Z"), "Sunday 18:00: Saturday's minute holds the imported post")
        let views = try await queue.queue(account: "x:@club")
        #expect(views.first?.nextFree.first == RFC3339.parse("2027-03-22T17:00:00Z"))
    }

    /// Another request stores a queued post in the slot between this one finding it free and storing: the store
    /// refuses the second inside its transaction, and the queue takes the next free slot.
    @Test func aSlotTakenMeanwhile_sendsThePostToTheNextFreeSlot() async throws {
        let club = try await store.addAccount("club")
        _ = try await queue.setSlots("x:@club", SetSlotsRequest(slots: ["daily 18:00"]))
        var attempts: [String] = []
        let placed = try await queue.placeInNextSlot([club]) { slot in
            attempts.append(slot.time.wallClock)
            var post = NewPost(text: "mine", time: slot.time, latenessLimitSeconds: 60, targets: [.init(accountID: club.id)])
            post.queued = true
            if attempts.count == 1 {
                var rival = post
                rival.text = "the other request's"
                _ = try await store.insertPost(rival, now: clock.now)
            }
            return try await store.insertPost(post, now: clock.now)
        }
        #expect(attempts == ["2027-03-20T18:00:00", "2027-03-21T18:00:00"])
        #expect(placed.text == "mine" && placed.dueLocal == "2027-03-21T18:00:00")
        #expect(try await store.queuedPosts(accountIDs: [club.id], from: clock.now).map(\.text) == ["the other request's", "mine"])
    }
}
