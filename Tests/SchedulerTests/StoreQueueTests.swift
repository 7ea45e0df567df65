import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Posting slots and queued posts as both stores keep them: one queued post per slot of an account, the queue in
/// order, and moves that are all or nothing.
@Suite struct StoreQueueTests {
    let now = referenceNow
    let slots = WeeklySlots(zone: "Europe/Kyiv", slots: [.init(weekday: 1, minute: 450), .init(weekday: 6, minute: 540)])

    private func queued(_ store: any SchedulerStore, at due: Date, to accounts: [AccountRecord], text: String = "queued") async throws -> PostRecord {
        var post = NewPost(text: text, time: ScheduleTime(instant: due, zoneIdentifier: "Europe/Kyiv", wallClock: "2030-03-18T07:30:00"),
                           latenessLimitSeconds: 600, targets: accounts.map { .init(accountID: $0.id) })
        post.queued = true
        return try await store.insertPost(post, now: now)
    }

    @Test(arguments: StoreBackend.allCases)
    func slots_areStoredReplacedAndCleared(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let club = try await store.addAccount("club")
            #expect(try await store.slots(accountID: club.id) == nil)
            try await store.replaceSlots(accountID: club.id, with: slots, retiming: [], now: now)
            #expect(try await store.slots(accountID: club.id) == slots)
            let fewer = WeeklySlots(zone: "UTC", slots: [.init(weekday: 3, minute: 0)])
            try await store.replaceSlots(accountID: club.id, with: fewer, retiming: [], now: now)
            #expect(try await store.slots(accountID: club.id) == fewer)
            try await store.replaceSlots(accountID: club.id, with: nil, retiming: [], now: now)
            #expect(try await store.slots(accountID: club.id) == nil)
            let unknown = await #expect(throws: StoreError.self) { try await store.replaceSlots(accountID: 999, with: slots, retiming: [], now: now) }
            #expect(unknown?.code == .notFound)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aSlotOfAnAccount_takesOneQueuedPost_only(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let club = try await store.addAccount("club")
            let other = try await store.addAccount("other")
            let due = now.addingTimeInterval(3_600)
            let first = try await queued(store, at: due, to: [club])
            #expect(first.queued == true)
            let taken = await #expect(throws: SlotTaken.self) { _ = try await queued(store, at: due, to: [other, club]) }
            #expect(taken?.instant == due)
            #expect(try await store.listPosts(filter: .all, limit: 10, offset: 0).count == 1, "nothing of the refused post was stored")
            _ = try await queued(store, at: due, to: [other])
            _ = try await store.cancelPost(id: first.id, now: now)
            _ = try await queued(store, at: due, to: [club])
        }
    }

    /// Issue 47: a post given its time by hand or by an import takes its minute as a queued post does, so a queued post
    /// never lands in the same minute; a cancelled one frees it, and a post to another account never takes it.
    @Test(arguments: StoreBackend.allCases)
    func anyPostDueInTheMinute_takesTheSlot_queuedOrNot(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let club = try await store.addAccount("club")
            let other = try await store.addAccount("other")
            let slot = SlotFinder.minute(of: now.addingTimeInterval(3_600))
            let imported = try await store.addPost("imported", due: slot.addingTimeInterval(20), to: [club], now: now)
            _ = try await store.addPost("another account's", due: slot.addingTimeInterval(30), to: [other], now: now)
            _ = try await store.addPost("the next minute", due: slot.addingTimeInterval(60), to: [club], now: now)
            let taken = try await store.dueTimes(accountIDs: [club.id], from: now, through: slot.addingTimeInterval(3_600))
            #expect(taken.allSatisfy { $0.accountID == club.id } && Set(taken.map(\.dueAt)) == [slot.addingTimeInterval(20), slot.addingTimeInterval(60)],
                    "\(taken)")
            let refused = await #expect(throws: SlotTaken.self) { _ = try await queued(store, at: slot, to: [club]) }
            #expect(refused?.instant == slot)
            _ = try await store.cancelPost(id: imported.id, now: now)
            #expect(try await store.dueTimes(accountIDs: [club.id], from: now, through: slot.addingTimeInterval(59)).isEmpty)
            _ = try await queued(store, at: slot, to: [club])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func queuedPosts_listsWhatWaitsInSlots_inOrder(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let club = try await store.addAccount("club")
            let other = try await store.addAccount("other")
            let later = try await queued(store, at: now.addingTimeInterval(7_200), to: [club])
            let sooner = try await queued(store, at: now.addingTimeInterval(3_600), to: [club, other])
            let otherOnly = try await queued(store, at: now.addingTimeInterval(1_800), to: [other])
            _ = try await store.addPost("fixed time", due: now.addingTimeInterval(600), to: [club])
            _ = try await queued(store, at: now.addingTimeInterval(-60), to: [club])

            #expect(try await store.queuedPosts(accountIDs: [club.id], from: now).map(\.id) == [sooner.id, later.id])
            #expect(try await store.queuedPosts(accountIDs: nil, from: now).map(\.id) == [otherOnly.id, sooner.id, later.id])
            #expect(try await store.queuedPosts(accountIDs: [], from: now).isEmpty)

            let edited = try await store.editPost(id: later.id, change: PostChange(time: ScheduleTime(instant: now.addingTimeInterval(9_000),
                                                                                                    zoneIdentifier: "UTC", wallClock: "x")), now: now)
            #expect(edited.queued == nil, "a time given by hand takes the post out of the queue")
            #expect(try await store.queuedPosts(accountIDs: [club.id], from: now).map(\.id) == [sooner.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func replacingSlots_movesQueuedPosts_orChangesNothingWhenOneMovedMeanwhile(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let club = try await store.addAccount("club")
            let due = now.addingTimeInterval(3_600)
            let post = try await queued(store, at: due, to: [club])
            let target = ScheduleTime(instant: now.addingTimeInterval(86_400), zoneIdentifier: "Europe/Kyiv", wallClock: "2030-03-19T09:00:00")

            let stale = QueueRetime(postID: post.id, from: due.addingTimeInterval(1), to: target)
            let refused = await #expect(throws: StoreError.self) {
                try await store.replaceSlots(accountID: club.id, with: slots, retiming: [stale], now: now)
            }
            #expect(refused?.code == .conflict)
            #expect(try await store.slots(accountID: club.id) == nil, "the slots were not changed either")
            #expect(try await store.post(id: post.id).dueAt == due)

            try await store.replaceSlots(accountID: club.id, with: slots, retiming: [QueueRetime(postID: post.id, from: due, to: target)], now: now)
            let moved = try await store.post(id: post.id)
            #expect(moved.dueAt == target.instant && moved.dueLocal == "2030-03-19T09:00:00" && moved.queued == true)
            #expect(moved.deliveries.first?.nextAttemptAt == target.instant)
            #expect(try await store.nextDueTime() == target.instant)
        }
    }
}
