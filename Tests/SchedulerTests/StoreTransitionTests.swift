import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// What each outcome does to a claimed delivery, and that none applies to a delivery that is not `publishing`.
@Suite struct StoreTransitionTests {
    let now = referenceNow

    /// One account and one claimed delivery in `store`.
    private func claimed(in store: any StoreInspection) async throws -> ClaimedDelivery {
        let account = try await store.addAccount("runner")
        try await store.addPost(due: now, to: [account])
        return try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
    }

    @Test(arguments: StoreBackend.allCases)
    func recordPublished_storesRemoteIDURLAndTimeAndLogsTheAttempt(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await claimed(in: store)
            let record = attempt(at: now, status: 201)

            try await store.recordPublished(claim, attempt: record, remoteID: "1890", remoteURL: "https://x.com/i/web/status/1890")

            let delivery = try await store.delivery(ofPost: claim.postID)
            #expect(delivery.state == .published)
            #expect(delivery.remoteId == "1890")
            #expect(delivery.remoteUrl == "https://x.com/i/web/status/1890")
            #expect(delivery.publishedAt == record.finishedAt)
            #expect(delivery.nextAttemptAt == nil)
            #expect(delivery.error == nil)
            let attempts = try await store.attempts(deliveryID: claim.deliveryID)
            #expect(attempts.count == 1)
            let row = try #require(attempts.first)
            #expect(row.httpStatus == 201)
            #expect(row.outcome == "published")
            #expect(row.startedAt == now.unixMilliseconds)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordRetry_putsTheDeliveryBackInLineAtTheNextAttempt(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await claimed(in: store)
            let next = now.addingTimeInterval(45)

            try await store.recordRetry(claim, attempt: attempt(at: now, status: 503, outcome: "error", errorClass: "retryable"),
                                        nextAttempt: next, error: "X: Service Unavailable")

            let delivery = try await store.delivery(ofPost: claim.postID)
            #expect(delivery.state == .retrying)
            #expect(delivery.nextAttemptAt == next)
            #expect(delivery.error == "X: Service Unavailable")
            #expect(delivery.attempts == 1)
            #expect(try await store.nextDueTime() == next)
            let attempts = try await store.attempts(deliveryID: claim.deliveryID)
            #expect(attempts.map(\.errorClass) == ["retryable"])
        }
    }

    @Test(arguments: StoreBackend.allCases, [DeliveryState.failed, .unknown])
    func recordFinalFailure_endsTheDeliveryWithTheMessage(_ backend: StoreBackend, state: DeliveryState) async throws {
        try await backend.withStore { store in
            let claim = try await claimed(in: store)

            try await store.recordFinalFailure(claim, attempt: attempt(at: now, status: 403, outcome: "error", errorClass: "permanent"),
                                               state: state, error: "X: duplicate content")

            let delivery = try await store.delivery(ofPost: claim.postID)
            #expect(delivery.state == state)
            #expect(delivery.error == "X: duplicate content")
            #expect(delivery.nextAttemptAt == nil)
            #expect(try await store.attempts(deliveryID: claim.deliveryID).count == 1)
            #expect(try await store.nextDueTime() == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func releaseClaim_ofAFirstAttempt_returnsItToScheduledWithNoAttemptCounted(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await claimed(in: store)

            try await store.releaseClaim(claim, now: now)

            let delivery = try await store.delivery(ofPost: claim.postID)
            #expect(delivery.state == .scheduled)
            #expect(delivery.attempts == 0)
            #expect(try await store.attempts(deliveryID: claim.deliveryID).isEmpty)
            let again = try await store.claimDue(now: now, limit: 1).claimed
            #expect(again.map(\.deliveryID) == [claim.deliveryID])
            #expect(again.first?.attempt == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func releaseClaim_ofARetry_returnsItToRetrying(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let first = try await claimed(in: store)
            try await store.recordRetry(first, attempt: attempt(at: now), nextAttempt: now.addingTimeInterval(1), error: "later")
            let second = try #require(try await store.claimDue(now: now.addingTimeInterval(1), limit: 1).claimed.first)

            try await store.releaseClaim(second, now: now)

            let delivery = try await store.delivery(ofPost: first.postID)
            #expect(delivery.state == .retrying)
            #expect(delivery.attempts == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordNeedsRelink_holdsTheDeliveryAndFlagsTheAccount(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await claimed(in: store)

            try await store.recordNeedsRelink(claim, attempt: attempt(at: now, status: 401, outcome: "error", errorClass: "auth_failure"),
                                              error: "X: Unauthorized")

            let delivery = try await store.delivery(ofPost: claim.postID)
            #expect(delivery.state == .retrying)
            #expect(delivery.error?.contains("relinked") == true)
            #expect(delivery.error?.contains("X: Unauthorized") == true)
            #expect(try await store.account(reference: "\(claim.accountID)").status == .needsRelink)
            #expect(try await store.nextDueTime() == nil)
            #expect(try await store.claimDue(now: now.addingTimeInterval(60), limit: 5).claimed.isEmpty)
            #expect(try await store.summary().accountsNeedingAttention.map(\.id) == [claim.accountID])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordNeedsRelink_whenTheAccountIsActiveAgain_theDeliveryGoesOut(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await claimed(in: store)
            try await store.recordNeedsRelink(claim, attempt: attempt(at: now), error: "X: Unauthorized")

            try await store.setStatus(.active, accountID: claim.accountID)

            let again = try await store.claimDue(now: now.addingTimeInterval(1), limit: 5).claimed
            #expect(again.map(\.deliveryID) == [claim.deliveryID])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func outcomes_onlyApplyToADeliveryThatIsPublishing(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let claim = try await claimed(in: store)
            try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "1", remoteURL: "https://x.com/i/web/status/1")

            try await store.recordRetry(claim, attempt: attempt(at: now), nextAttempt: now.addingTimeInterval(5), error: "retry")
            try await store.recordFinalFailure(claim, attempt: attempt(at: now), state: .failed, error: "failed")
            try await store.recordFinalFailure(claim, attempt: attempt(at: now), state: .unknown, error: "unknown")
            try await store.releaseClaim(claim, now: now)
            try await store.recordNeedsRelink(claim, attempt: attempt(at: now), error: "relink")
            try await store.recordPublished(claim, attempt: attempt(at: now), remoteID: "2", remoteURL: nil)

            let delivery = try await store.delivery(ofPost: claim.postID)
            #expect(delivery.state == .published)
            #expect(delivery.remoteId == "1")
            #expect(delivery.attempts == 1)
            #expect(delivery.error == nil)
            #expect(delivery.publishedAt == attempt(at: now).finishedAt)
        }
    }

    // `returnClaimsForChecking(nil, …)` gives back what a stopped daemon left publishing, at the next start: on SQLite
    // every claim (one daemon has the file); on PostgreSQL the claims of earlier daemons on this host and state directory,
    // never a live daemon's own. So the claims are made by one daemon and returned by the next: on SQLite both are one store,
    // on PostgreSQL they are successive stores on one database and state directory.

    @Test(arguments: StoreBackend.allCases)
    func returnClaimsForChecking_putsEveryPublishingDeliveryBackMarkedForALookUp(_ backend: StoreBackend) async throws {
        try await backend.withSuccessiveDaemons(3) { daemons in
            let (store, restarted, restartedAgain) = (daemons[0], daemons[1], daemons[2])
            let account = try await store.addAccount("runner")
            let first = try await store.addPost("one", due: now, to: [account])
            let second = try await store.addPost("two", due: now, to: [account])
            let waiting = try await store.addPost("three", due: now.addingTimeInterval(60), to: [account])
            #expect(try await store.claimDue(now: now, limit: 5).claimed.count == 2)

            let returned = try await restarted.returnClaimsForChecking(nil, now: now.addingTimeInterval(5), lookUpAt: now.addingTimeInterval(5),
                                                                       reason: "the network is checked before any retry")

            #expect(returned == 2)
            for id in [first.id, second.id] {
                let delivery = try await restarted.delivery(ofPost: id)
                #expect(delivery.state == .retrying)
                #expect(delivery.error?.contains("the network is checked before any retry") == true)
            }
            #expect(try await restarted.delivery(ofPost: waiting.id).state == .scheduled)
            let again = try await restarted.claimDue(now: now.addingTimeInterval(5), limit: 5).claimed
            #expect(Set(again.map(\.postID)) == [first.id, second.id])
            #expect(again.allSatisfy { $0.needsCheck && $0.attempt == 2 && $0.firstClaimedAt == now })
            #expect(try await restartedAgain.returnClaimsForChecking(nil, now: now, lookUpAt: now, reason: "stopped") == 2,
                    "claimed again, so interrupted again")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDeliveryNeedingACheck_isNeverMarkedMissedUnseen_butClaimedForTheLookUp(_ backend: StoreBackend) async throws {
        try await backend.withSuccessiveDaemons(2) { daemons in
            let (store, restarted) = (daemons[0], daemons[1])
            let account = try await store.addAccount("runner")
            let post = try await store.addPost("one", due: now, to: [account], lateness: 60)
            _ = try await store.claimDue(now: now, limit: 5)
            _ = try await restarted.returnClaimsForChecking(nil, now: now, lookUpAt: now, reason: "stopped")

            let (claimed, missed) = try await restarted.claimDue(now: now.addingTimeInterval(3_600), limit: 5)

            #expect(missed == 0)
            let claim = try #require(claimed.first)
            #expect(claim.postID == post.id && claim.needsCheck)
            #expect(claim.deadline == now.addingTimeInterval(60))
        }
    }
}
