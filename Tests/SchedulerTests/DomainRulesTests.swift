import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// The domain layer's rules on their own, without a database: what each action may act on, and the refusal it gives.
@Suite struct DomainRulesTests {
    private func account(pending: Int) -> AccountRecord {
        AccountRecord(id: 7, network: .x, handle: "runner", displayName: "Runner", remoteId: "1", authKind: .oauth2, status: .active,
                    createdAt: Date(timeIntervalSince1970: 0), pendingPosts: pending)
    }

    @Test func theLifecyclesSets_holdWhatEachActionActsOn() {
        #expect(DeliveryLifecycle.waiting == [.scheduled, .draft, .awaitingApproval])
        #expect(DeliveryLifecycle.cancellable.contains(.awaitingApproval) && DeliveryLifecycle.cancelledByUnlink.contains(.awaitingApproval),
                "a post waiting for an owner can be cancelled, and unlinking its account cancels it")
        #expect(!DeliveryLifecycle.cancellable.contains(.publishing) && !DeliveryLifecycle.cancellable.contains(.published))
        #expect(DeliveryLifecycle.unfinished == DeliveryLifecycle.cancelledByUnlink.union([.publishing]))
        #expect(!DeliveryLifecycle.cancelledByUnlink.contains(.draft))
        #expect(DeliveryLifecycle.sql([.scheduled, .handedOff]) == "'handed_off', 'scheduled'")
    }

    @Test func unlinking_isRefusedWhilePublishing_orWithPendingPostsUnlessCancelled() throws {
        let publishing = #expect(throws: StoreError.self) {
            try UnlinkGuard(account: account(pending: 0), publishingNow: 1, cancelPending: true).check()
        }
        #expect(publishing?.code == .conflict && publishing?.message.contains("publishing right now") == true)
        let pending = #expect(throws: StoreError.self) {
            try UnlinkGuard(account: account(pending: 2), publishingNow: 0, cancelPending: false).check()
        }
        #expect(pending?.message == "2 unfinished posts target x:@runner" && pending?.hint == RefusalHint(.cancelPending, account: "x:@runner"))
        try UnlinkGuard(account: account(pending: 2), publishingNow: 0, cancelPending: true).check()
    }

    @Test func aHandoff_isConfirmedOnlyWhileHandedOff_andRecordsTheInstagramShortcode() throws {
        try HandoffRules.checkWaiting(deliveryID: 3, state: "handed_off")
        let refused = #expect(throws: StoreError.self) { try HandoffRules.checkWaiting(deliveryID: 3, state: "published") }
        #expect(refused?.message == "delivery 3 is published, not waiting for a handoff confirmation")
        #expect(HandoffRules.remoteID(url: "https://www.instagram.com/p/Cx1yZ/", deliveryID: 3) == "Cx1yZ")
        #expect(HandoffRules.remoteID(url: nil, deliveryID: 3) == "handoff-3")
    }

    @Test func aRetry_takesDeliveriesOfOnePost_eachRetryable() throws {
        func candidate(_ id: Int64, post: Int64, _ state: DeliveryState) -> RecoveryRules.Candidate {
            RecoveryRules.Candidate(id: id, postID: post, account: "x:@runner", state: state, partsLeft: 0)
        }
        #expect(try RecoveryRules.checkRetry([candidate(1, post: 9, .failed), candidate(2, post: 9, .missed)], force: false) == 9)
        let unknown = #expect(throws: StoreError.self) { try RecoveryRules.checkRetry([candidate(1, post: 9, .unknown)], force: false) }
        #expect(unknown?.message.contains("may already be on the network") == true)
        #expect(try RecoveryRules.checkRetry([candidate(1, post: 9, .unknown)], force: true) == 9)
        let twoPosts = #expect(throws: StoreError.self) {
            try RecoveryRules.checkRetry([candidate(1, post: 9, .failed), candidate(2, post: 10, .failed)], force: false)
        }
        #expect(twoPosts?.message == "retry deliveries of one post at a time")
        let published = #expect(throws: StoreError.self) { try RecoveryRules.checkResolve(candidate(1, post: 9, .published)) }
        #expect(published?.code == .conflict)
        #expect(RecoveryRules.resolvedRemoteID("https://x.com/runner/status/123") == "123")
    }

    @Test func aCancelThatChangedNothing_saysWhy() {
        #expect(PostRefusals.nothingToCancel(4, publishingNow: 1).message == "post 4 is being published right now and cannot be cancelled")
        #expect(PostRefusals.nothingToCancel(4, publishingNow: 0).message.contains("nothing left to cancel"))
    }
}

extension DomainRulesTests {
    @Test func aPauseOrResume_actsOnOneNetworkOneAccountEverything_orEveryPause() throws {
        #expect(try PauseScope(account: nil, network: .x, paused: true) == .network(.x))
        #expect(try PauseScope(account: "x:@runner", network: nil, paused: false) == .account("x:@runner"))
        #expect(try PauseScope(account: nil, network: nil, paused: true) == .everything)
        #expect(try PauseScope(account: nil, network: nil, paused: false) == .everyPause)
        let both = #expect(throws: StoreError.self) { try PauseScope(account: "x:@runner", network: .x, paused: true) }
        #expect(both?.message == "pause or resume an account or a network, not both")
    }
}
