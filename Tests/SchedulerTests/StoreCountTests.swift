import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// `status`'s deliveries by state and each account's pending posts come from counts the store keeps as deliveries change
/// (triggers): after every kind of change they are what counting the rows says.
@Suite struct StoreCountTests {
    let now = referenceNow

    /// The counts `status` and the account views show are the rows' own counts.
    private func expectCountsRight(_ store: any StoreInspection, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let counted = try await store.deliveriesCountedByState()
        #expect(try await store.summary(now: now).deliveries == counted, "\(step)", sourceLocation: sourceLocation)
        let pending = try await store.pendingDeliveriesCountedByAccount()
        for account in try await store.accounts(includeRevoked: true) {
            #expect(account.pendingPosts == pending[account.id, default: 0], "\(step): @\(account.handle)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theCounts_followScheduleClaimPublishFailRetryCancelDraftsAndRecovery(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            try await expectCountsRight(store, "empty")
            let early = now.addingTimeInterval(-30)
            var posts: [PostRecord] = []
            for index in 0..<6 {
                posts.append(try await store.addPost("post \(index)", due: early, to: index.isMultiple(of: 2) ? [runner, club] : [runner],
                                                     now: early.addingTimeInterval(-60)))
            }
            let late = try await store.addPost("too late", due: now.addingTimeInterval(-7_200), to: [club], lateness: 60,
                                               now: now.addingTimeInterval(-7_300))
            let later = try await store.addPost("later", due: now.addingTimeInterval(3_600), to: [runner, club])
            try await expectCountsRight(store, "scheduled")

            let draft = try await store.insertPost(NewPost(text: "draft", time: nil, latenessLimitSeconds: 60,
                                                           targets: [.init(accountID: runner.id), .init(accountID: club.id)]), now: now)
            _ = try await store.duplicatePost(id: posts[0].id, now: now)
            try await expectCountsRight(store, "drafts")

            let claimed = try await store.claimDue(now: now, limit: 100)
            #expect(claimed.missed == 1, "\(late.id) is past its lateness limit")
            #expect(claimed.claimed.count == 9)
            try await expectCountsRight(store, "claimed and missed")

            let claims = claimed.claimed.sorted { $0.deliveryID < $1.deliveryID }
            try await store.recordPublished(claims[0], attempt: attempt(at: now), remoteID: "r1", remoteURL: nil)
            try await store.recordFinalFailure(claims[1], attempt: attempt(at: now, status: 400, outcome: "error"), state: .failed, error: "refused")
            try await store.recordRetry(claims[2], attempt: attempt(at: now, status: 503, outcome: "error"), nextAttempt: now.addingTimeInterval(60),
                                        error: "busy", needsCheck: false)
            try await store.recordFinalFailure(claims[3], attempt: attempt(at: now, status: nil, outcome: "error"), state: .unknown, error: "no answer")
            try await store.releaseClaim(claims[4], now: now)
            try await expectCountsRight(store, "outcomes")

            _ = try await store.returnClaimsForChecking(nil, now: now, lookUpAt: now.addingTimeInterval(90), reason: "restarted")
            try await expectCountsRight(store, "interrupted claims returned")

            _ = try await store.retryDelivery(id: claims[1].deliveryID, force: false, now: now)
            _ = try await store.resolveDelivery(id: claims[3].deliveryID, publishedURL: "https://x.com/i/status/9", now: now)
            _ = try await store.cancelPost(id: later.id, now: now)
            _ = try await store.scheduleDraft(id: draft.id, time: ScheduleTime(instant: now.addingTimeInterval(600), zoneIdentifier: "UTC",
                                                                               wallClock: "x"), queued: false, now: now)
            try await expectCountsRight(store, "retried, resolved, cancelled, draft scheduled")

            try await store.deletePostRows(id: posts[5].id)
            try await store.deletePostRows(id: draft.id)
            try await expectCountsRight(store, "posts deleted with their deliveries")
            #expect(try await store.summary(now: now).deliveries["missed"] == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anImport_isCountedAsItsRows(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let items = (0..<250).map { index in
                NewBatchItem.post(NewPost(text: "imported \(index)", time: ScheduleTime(instant: now.addingTimeInterval(Double(60 + index)),
                                                                                         zoneIdentifier: "UTC", wallClock: "x"),
                                          latenessLimitSeconds: 60, targets: [.init(accountID: runner.id)]))
            }
            _ = try await store.insertBatch(items, now: now)
            try await expectCountsRight(store, "imported")
            #expect(try await store.summary(now: now).deliveries == ["scheduled": 250])
            #expect(try await store.account(reference: "\(runner.id)").pendingPosts == 250)
        }
    }
}
