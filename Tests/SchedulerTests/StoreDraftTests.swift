import Connectors
import Foundation
import NetworkRules
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Drafts as both stores keep them: no time, never due, listed apart, scheduled once, copied from any post.
@Suite struct StoreDraftTests {
    let now = referenceNow

    private func draft(_ store: any SchedulerStore, to accounts: [AccountRecord], text: String = "Club run Thursday",
                       overrides: [Int64: String] = [:]) async throws -> PostRecord {
        try await store.insertPost(NewPost(text: text, time: nil, draftZone: "Europe/Kyiv", latenessLimitSeconds: 900,
                                           targets: accounts.map { .init(accountID: $0.id, textOverride: overrides[$0.id]) }), now: now)
    }

    @Test(arguments: StoreBackend.allCases)
    func aDraft_hasNoTime_isNeverDue_andIsListedOnlyAsADraft(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await draft(store, to: [runner])
            #expect(post.dueAt == nil)
            #expect(post.dueZone == "Europe/Kyiv")
            #expect(post.deliveries.map(\.state) == [.draft])
            #expect(post.deliveries.first?.nextAttemptAt == nil)
            #expect(try await store.nextDueTime() == nil)
            #expect(try await store.claimDue(now: now.addingTimeInterval(86_400 * 365), limit: 10).claimed.isEmpty)
            #expect(try await store.listPosts(filter: .pending, limit: 10, offset: 0).isEmpty)
            #expect(try await store.listPosts(filter: .states([.draft]), limit: 10, offset: 0).map(\.id) == [post.id])
            #expect(try await store.summary(now: now).deliveries["draft"] == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func schedulingADraft_makesItDue_once(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let post = try await draft(store, to: [runner, club], overrides: [club.id: "short"])
            let due = now.addingTimeInterval(3_600)
            let time = ScheduleTime(instant: due, zoneIdentifier: "Europe/Kyiv", wallClock: "2030-03-17T19:46:40")

            let scheduled = try await store.scheduleDraft(id: post.id, time: time, queued: false, now: now)
            #expect(scheduled.dueAt == due)
            #expect(scheduled.dueLocal == "2030-03-17T19:46:40")
            #expect(scheduled.deliveries.map(\.state) == [.scheduled, .scheduled])
            #expect(scheduled.deliveries.map(\.text) == [nil, "short"])
            #expect(try await store.nextDueTime() == due)
            #expect(try await store.listPosts(filter: .states([.draft]), limit: 10, offset: 0).isEmpty)

            let again = await #expect(throws: StoreError.self) { try await store.scheduleDraft(id: post.id, time: time, queued: false, now: now) }
            #expect(again?.code == .conflict)
            #expect(again?.message.contains("is not a draft") == true)
            let unknown = await #expect(throws: StoreError.self) { try await store.scheduleDraft(id: 999, time: time, queued: false, now: now) }
            #expect(unknown?.code == .notFound)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDraft_takesANewText_butNotATime_andCanBeDropped(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await draft(store, to: [runner])
            let edited = try await store.editPost(id: post.id, change: PostChange(text: "Club run Friday"), now: now)
            #expect(edited.text == "Club run Friday")
            #expect(edited.dueAt == nil)
            let time = ScheduleTime(instant: now.addingTimeInterval(60), zoneIdentifier: "UTC", wallClock: "2030-03-17T17:47:40")
            let timed = await #expect(throws: StoreError.self) { try await store.editPost(id: post.id, change: PostChange(time: time), now: now) }
            #expect(timed?.code == .conflict)
            #expect(timed?.hint == RefusalHint(.scheduleDraft, post: post.id), "the hint names the draft to give a time")
            #expect(try await store.post(id: post.id).dueAt == nil, "nothing changed")

            let dropped = try await store.cancelPost(id: post.id, now: now)
            #expect(dropped.deliveries.map(\.state) == [.cancelled])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func duplicatingAPublishedPost_makesADraftWithItsTextMediaAccountsAndTexts(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let picture = MediaItem(path: "/state/media/abc.jpg", kind: .image, contentType: "image/jpeg", size: 1_234,
                                    sha256: String(repeating: "ab", count: 32), width: 800, height: 1_000, alt: "The track")
            let time = ScheduleTime(instant: now, zoneIdentifier: "Europe/Paris", wallClock: "2030-03-17T18:46:40")
            let original = try await store.insertPost(NewPost(text: "Track night", time: time, latenessLimitSeconds: 600,
                                                              targets: [.init(accountID: runner.id), .init(accountID: club.id, textOverride: "Track!")],
                                                              media: [picture]), now: now)
            try await store.publishDue(at: now)

            let copy = try await store.duplicatePost(id: original.id, now: now.addingTimeInterval(60))
            #expect(copy.id != original.id)
            #expect(copy.text == "Track night")
            #expect(copy.dueAt == nil)
            #expect(copy.dueZone == "Europe/Paris")
            #expect(copy.latenessLimitSeconds == 600)
            #expect(copy.media == original.media)
            #expect(copy.deliveries.map(\.accountId) == [runner.id, club.id])
            #expect(copy.deliveries.map(\.text) == [nil, "Track!"])
            #expect(copy.deliveries.allSatisfy { $0.state == .draft && $0.attempts == 0 && $0.remoteId == nil })
            #expect(try await store.post(id: original.id).deliveries.allSatisfy { $0.state == .published }, "the original is untouched")
            #expect(try await store.nextDueTime() == nil)
        }
    }
}
