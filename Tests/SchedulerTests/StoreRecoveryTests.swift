import Foundation
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// What a person can do about a delivery that went wrong, what `history` shows, and the events that
/// are stored with each change.
@Suite struct StoreRecoveryTests {
    let now = referenceNow

    /// One delivery in `store`, claimed and ended in `state`.
    private func ended(in store: any StoreInspection, _ state: DeliveryState) async throws -> ClaimedDelivery {
        let account = try await store.addAccount("runner")
        try await store.addPost(due: now, to: [account], lateness: 60)
        let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
        try await store.recordFinalFailure(claim, attempt: attempt(at: now, status: 503, outcome: "error", errorClass: "retryable",
                                                                   excerpt: "{\"title\":\"Service Unavailable\"}"),
                                           state: state, error: "X: Service Unavailable")
        return claim
    }

    @Test(arguments: StoreBackend.allCases)
    func retry_ofAnUnknownDelivery_isRefusedWithoutForce_andSaysWhatToDo(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await ended(in: store, .unknown)

            let error = await #expect(throws: StoreError.self) { try await store.retryDelivery(id: claim.deliveryID, force: false, now: now) }

            #expect(error?.code == .conflict)
            #expect(error?.hint == RefusalHint(.retryOrResolve, post: claim.postID, delivery: claim.deliveryID), "retried with force, or resolved")
            #expect(try await store.delivery(ofPost: claim.postID).state == .unknown)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func retry_withForce_putsItBackInLineNow_withAFreshLatenessWindow(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await ended(in: store, .unknown)
            let later = now.addingTimeInterval(3_600)

            let post = try await store.retryDelivery(id: claim.deliveryID, force: true, now: later)

            #expect(post.deliveries.first?.state == .scheduled)
            let (claimed, missed) = try await store.claimDue(now: later.addingTimeInterval(30), limit: 5)
            #expect(missed == 0, "the 60 s lateness limit counts from the retry, not from the original due time")
            #expect(claimed.first?.deliveryID == claim.deliveryID)
            #expect(claimed.first?.needsCheck == false)
            #expect(claimed.first?.deadline == later.addingTimeInterval(60))
        }
    }

    @Test(arguments: StoreBackend.allCases, [DeliveryState.failed, .missed])
    func retry_ofAFinishedDelivery_needsNoForce(_ backend: StoreBackend, state: DeliveryState) async throws {
        try await backend.withStore { store in
            let claim = try await ended(in: store, state)
            let post = try await store.retryDelivery(id: claim.deliveryID, force: false, now: now)
            #expect(post.deliveries.first?.state == .scheduled)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func retry_ofAPublishedDelivery_isAConflict(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            try await store.addPost(due: now, to: [account])
            let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
            try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "1", remoteURL: nil)

            let error = await #expect(throws: StoreError.self) { try await store.retryDelivery(id: claim.deliveryID, force: true, now: now) }
            #expect(error?.code == .conflict)
            await #expect(throws: StoreError.self) { try await store.retryDelivery(id: 999, force: true, now: now) }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func resolve_recordsThePublishedURLAndRaisesAnEvent(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await ended(in: store, .unknown)

            let post = try await store.resolveDelivery(id: claim.deliveryID, publishedURL: "https://x.com/runner/status/1890", now: now)

            let delivery = try #require(post.deliveries.first)
            #expect(delivery.state == .published)
            #expect(delivery.remoteUrl == "https://x.com/runner/status/1890")
            #expect(delivery.remoteId == "1890")
            let events = try await store.recentEvents(10)
            #expect(events.map(\.event) == ["unknown", "published"])
            #expect(events.last?.remoteUrl == "https://x.com/runner/status/1890")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func history_listsEveryAttemptWithItsClassAndExcerpt(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await ended(in: store, .failed)

            let history = try await store.history(postID: claim.postID)

            #expect(history.deliveries.count == 1)
            let attempt = try #require(history.deliveries.first?.attempts.first)
            #expect(attempt.httpStatus == 503)
            #expect(attempt.errorClass == "retryable")
            #expect(attempt.excerpt == "{\"title\":\"Service Unavailable\"}")
            await #expect(throws: StoreError.self) { try await store.history(postID: 999) }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func events_areStoredWithTheirChange_andPagedByID(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            for number in 1...3 { try await store.addPost("post \(number)", due: now, to: [account]) }
            for claim in try await store.claimDue(now: now, limit: 5).claimed {
                try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "\(claim.postID)", remoteURL: "https://x.test/\(claim.postID)")
            }

            let all = try await store.events(after: 0, limit: 10)
            #expect(all.map(\.event) == ["published", "published", "published"])
            #expect(all.compactMap(\.id) == all.compactMap(\.id).sorted())
            let after = try await store.events(after: all[0].id!, limit: 10)
            #expect(after.count == 2)
            #expect(try await store.pendingHookEvents(limit: 10).count == 3)
            try await store.markNotified([all[0].id!])
            #expect(try await store.pendingHookEvents(limit: 10).count == 2)
            #expect(try await store.latestEventID() == all.last?.id)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aMissedDelivery_raisesOneMissedEventNamingTheAccount(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            let post = try await store.addPost(due: now, to: [account], lateness: 60)

            _ = try await store.claimDue(now: now.addingTimeInterval(120), limit: 5)
            _ = try await store.claimDue(now: now.addingTimeInterval(180), limit: 5)

            let events = try await store.recentEvents(10)
            #expect(events.count == 1)
            #expect(events.first?.event == "missed" && events.first?.postId == post.id && events.first?.account == "x:@runner")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func needsRelink_raisesItsEventOnlyOnTheFirstChange(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            try await store.markNeedsRelink(accountID: account.id, reason: "refresh token revoked")
            try await store.markNeedsRelink(accountID: account.id, reason: "again")
            let events = try await store.recentEvents(10)
            #expect(events.map(\.event) == ["needs_relink"])
            #expect(events.first?.message.contains("refresh token revoked") == true)
        }
    }
}

extension StoreRecoveryTests {
    @Test(arguments: StoreBackend.allCases)
    func resumeWithNoAccount_liftsEveryPause(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let account = try await store.addAccount("runner")
            _ = try await store.pause(account: account.reference, network: nil, paused: true, now: now)
            _ = try await store.pause(account: nil, network: nil, paused: true, now: now)
            let resumed = try await store.pause(account: nil, network: nil, paused: false, now: now)
            #expect(resumed.isEmpty, "nothing is paused after a resume with no account")
            #expect(resumed.resumed == PauseRecord.Resumed(everything: true, accounts: [account.reference], networks: []))
        }
    }
}
