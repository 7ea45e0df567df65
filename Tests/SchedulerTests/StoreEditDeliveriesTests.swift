import Connectors
import Foundation
import NetworkRules
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// `edit`'s per-account texts, media and accounts in the store: applied together in one transaction while what they
/// touch still waits, refused whole (nothing written) when they would touch what is going or has gone out.
@Suite struct StoreEditDeliveriesTests {
    let now = referenceNow

    private func item(_ sha: String, alt: String? = nil) -> MediaItem {
        MediaItem(path: "/state/media/\(sha).jpg", kind: .image, contentType: "image/jpeg", size: 1_000, sha256: sha, width: 800, height: 1_000, alt: alt)
    }

    @Test(arguments: StoreBackend.allCases)
    func textsMediaAndAccounts_changeTogether_whileEveryDeliveryWaits(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let coach = try await store.addAccount("coach")
            let post = try await store.addPost("Club run", due: now.addingTimeInterval(3_600), to: [runner, club])
            var change = PostChange()
            change.overrides = [runner.id: "Club run, my pace"]
            change.media = [item(String(repeating: "a", count: 64), alt: "Route")]
            change.addTargets = [NewPost.Target(accountID: coach.id, textOverride: "Coach's note")]
            change.removeAccountIDs = [club.id]

            let edited = try await store.editPost(id: post.id, change: change, now: now)

            #expect(edited.deliveries.map(\.account).sorted() == ["x:@coach", "x:@runner"])
            #expect(edited.deliveries.first { $0.accountId == runner.id }?.text == "Club run, my pace")
            let added = try #require(edited.deliveries.first { $0.accountId == coach.id })
            #expect(added.text == "Coach's note" && added.state == .scheduled && added.nextAttemptAt == now.addingTimeInterval(3_600))
            #expect(edited.media.map(\.alt) == ["Route"])
            #expect(try await store.claimDue(now: now.addingTimeInterval(3_600), limit: 5).claimed.count == 2)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func oneAccountsText_changes_whileAnotherIsGoingOut_butTheOnesGoingOutIsRefused_andNothingIsWritten(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let post = try await store.addPost("Club run", due: now, to: [runner])
            _ = try await store.claimDue(now: now, limit: 1)
            var adding = PostChange()
            adding.addTargets = [NewPost.Target(accountID: club.id)]
            let refusedAdd = await #expect(throws: StoreError.self) { try await store.editPost(id: post.id, change: adding, now: now) }
            #expect(refusedAdd?.code == .conflict)

            var change = PostChange()
            change.overrides = [runner.id: "changed while going out"]
            let error = await #expect(throws: StoreError.self) { try await store.editPost(id: post.id, change: change, now: now) }

            #expect(error?.code == .conflict)
            #expect(error?.message.contains("x:@runner is publishing; what has gone out is never changed") == true, "\(error?.message ?? "")")
            let stored = try await store.post(id: post.id)
            #expect(stored.deliveries.count == 1 && stored.deliveries[0].text == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aWaitingAccountsText_changes_whileAnotherAccountIsGoingOut(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            let post = try await store.addPost("Club run", due: now, to: [runner, club])
            let claimed = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
            let waiting = claimed.accountID == runner.id ? club : runner
            var change = PostChange()
            change.overrides = [waiting.id: "for the one still waiting"]

            let edited = try await store.editPost(id: post.id, change: change, now: now)

            #expect(edited.deliveries.first { $0.accountId == waiting.id }?.text == "for the one still waiting")
            #expect(edited.deliveries.first { $0.accountId == claimed.accountID }?.text == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func removingEveryAccount_isRefused(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await store.addPost("Club run", due: now.addingTimeInterval(60), to: [runner])
            var change = PostChange()
            change.removeAccountIDs = [runner.id]
            let error = await #expect(throws: StoreError.self) { try await store.editPost(id: post.id, change: change, now: now) }
            #expect(error?.message.contains("would go nowhere") == true)
            #expect(try await store.post(id: post.id).deliveries.count == 1)
        }
    }
}
