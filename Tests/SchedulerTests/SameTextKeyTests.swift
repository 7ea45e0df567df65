import Foundation
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// X's same-text rule looks texts up by a key each delivery keeps: every way a text reaches a delivery must leave the
/// key of the text it now has, or the rule would miss a duplicate.
@Suite struct SameTextKeyTests {
    @Test func textsTheRuleCallsEqual_haveOneKey_andOthersAnother() {
        #expect(SameTextKey.of("Long run Sunday") == SameTextKey.of("  Long run Sunday\n"))
        #expect(SameTextKey.of("Caf\u{E9} run") == SameTextKey.of("Cafe\u{301} run"), "composed and decomposed é")
        #expect(SameTextKey.of("Long run Sunday") != SameTextKey.of("Long run Saturday"))
        #expect(SameTextKey.of("Long run Sunday") != SameTextKey.of("long run sunday"))
        #expect(SameTextKey.of("") == -3_750_763_034_362_895_579, "the key is FNV-1a's, the same in every run")
    }

    @Test(arguments: StoreBackend.allCases)
    func everyWayATextReachesADelivery_leavesItsKey(_ backend: StoreBackend) async throws {
        try await backend.withStore { (store: any StoreInspection) async throws -> Void in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let time = ScheduleTime(instant: referenceNow, zoneIdentifier: "UTC", wallClock: "2030-01-01T00:00:00")
            let post = try await store.insertPost(NewPost(text: "Track at six", time: time, latenessLimitSeconds: 3_600,
                                                          targets: [.init(accountID: runner.id), .init(accountID: club.id, textOverride: "Club track")]),
                                                  now: referenceNow)
            #expect(try await found(store, runner, "Track at six") == post.id)
            #expect(try await found(store, club, "Club track") == post.id)
            #expect(try await found(store, club, "Track at six") == nil, "the club's delivery has its own text")

            var change = PostChange(text: "Track at seven")
            change.overrides = [club.id: "Club track at seven"]
            _ = try await store.editPost(id: post.id, change: change, now: referenceNow)
            #expect(try await found(store, runner, "Track at seven") == post.id)
            #expect(try await found(store, runner, "Track at six") == nil)
            #expect(try await found(store, club, "Club track at seven") == post.id)

            let third = try await store.addAccount("third")
            var add = PostChange()
            add.addTargets = [.init(accountID: third.id)]
            _ = try await store.editPost(id: post.id, change: add, now: referenceNow)
            #expect(try await found(store, third, "Track at seven") == post.id, "an account added by an edit")

            let copy = try await store.duplicatePost(id: post.id, now: referenceNow)
            _ = try await store.scheduleDraft(id: copy.id, time: time, queued: false, media: nil, now: referenceNow)
            #expect(try await found(store, club, "Club track at seven", excluding: post.id) == copy.id, "a duplicate, scheduled")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deliveriesStoredBeforeTheKeys_getTheirKeys(_ backend: StoreBackend) async throws {
        try await backend.withStore { (store: any StoreInspection) async throws -> Void in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost("Hill repeats", due: referenceNow, to: [runner])
            try await store.forgetTextKeys()
            #expect(try await found(store, runner, "Hill repeats") == nil, "a delivery without its key is not found by it")

            if let sqlite = store as? SQLiteStore {
                try await sqlite.writer.write { db in try SQLiteStore.fillMissingTextKeys(db) }  // what migration v20 runs
            } else if let postgres = store as? PostgresStore {
                _ = try await postgres.prepare()  // every start fills the keys missing
            }

            #expect(try await found(store, runner, "Hill repeats") == post.id)
        }
    }

    private func found(_ store: any StoreInspection, _ account: AccountRecord, _ text: String, excluding: Int64? = nil) async throws -> Int64? {
        try await store.sameText(accountID: account.id, text: text, from: referenceNow.addingTimeInterval(-60), to: referenceNow.addingTimeInterval(60),
                                 excluding: excluding)?.postID
    }
}
