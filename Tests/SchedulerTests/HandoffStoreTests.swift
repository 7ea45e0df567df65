import Connectors
import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// A handed-off delivery: one reminder, then `expired`, unless the person confirms it first.
@Suite struct HandoffStoreTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    func handedOff(_ store: any StoreInspection) async throws -> (PostRecord, ClaimedDelivery) {
        let account = try await store.addAccount("club", network: .instagram)
        let post = try await store.addPost("Caption #run", due: now, to: [account])
        let claim = try #require(try await store.claimDue(now: now, limit: 1).claimed.first)
        try await store.recordHandedOff(claim, attempt: AttemptRecord(startedAt: now, finishedAt: now, httpStatus: nil, outcome: "handed_off"),
                                        bundle: "/state/handoff/\(claim.deliveryID)", remindAt: now.addingTimeInterval(3_600),
                                        expiresAt: now.addingTimeInterval(7_200),
                                        event: EventRecord(event: "handed_off", at: now, postId: post.id, deliveryId: claim.deliveryID, message: "handed off"))
        return (post, claim)
    }

    @Test(arguments: StoreBackend.allCases)
    func aHandoff_remindsOnce_thenExpires(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (post, _) = try await handedOff(store)
            #expect(try await store.delivery(ofPost: post.id).state == .handedOff)
            #expect(try await store.nextHandoffTime() == now.addingTimeInterval(3_600))
            #expect(try await store.handoffFollowUps(now: now.addingTimeInterval(60)).isEmpty)

            let reminders = try await store.handoffFollowUps(now: now.addingTimeInterval(3_600))
            #expect(reminders.count == 1 && reminders[0].expired == false)
            #expect(try await store.handoffFollowUps(now: now.addingTimeInterval(3_700)).isEmpty, "one reminder only")
            #expect(try await store.nextHandoffTime() == now.addingTimeInterval(7_200))

            let expiries = try await store.handoffFollowUps(now: now.addingTimeInterval(7_200))
            #expect(expiries.count == 1 && expiries[0].expired)
            #expect(try await store.delivery(ofPost: post.id).state == .expired)
            #expect(try await store.nextHandoffTime() == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func confirmingAHandoff_publishesItWithThePermalink_once(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (post, claim) = try await handedOff(store)
            #expect(try await store.handoffs().map(\.deliveryID) == [claim.deliveryID])
            let view = try await store.confirmHandoff(deliveryID: claim.deliveryID, url: "https://www.instagram.com/p/Abc123/", now: now)
            let delivery = try #require(view.deliveries.first)
            #expect(delivery.state == .published && delivery.remoteId == "Abc123" && delivery.remoteUrl == "https://www.instagram.com/p/Abc123/")
            await #expect(throws: StoreError.self) { try await store.confirmHandoff(deliveryID: claim.deliveryID, url: nil) }
            #expect(try await store.handoffs().isEmpty)
            #expect(try await store.delivery(ofPost: post.id).state == .published)
        }
    }
}
