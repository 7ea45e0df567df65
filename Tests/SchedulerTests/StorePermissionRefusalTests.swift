import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// An account whose deliveries the network refuses for a permission its token lacks is flagged on its own row, in the
/// transaction that fails the delivery, until a post goes out or the account is linked again (issue 25).
@Suite struct StorePermissionRefusalTests {
    let now = referenceNow
    static let refusal = "Facebook: (#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts"

    private func refused(_ claim: ClaimedDelivery, in store: any StoreInspection, at date: Date) async throws {
        try await store.recordPermissionRefused(claim, attempt: attempt(at: date, status: 400, outcome: "error", errorClass: "permission"),
                                                error: Self.refusal)
    }

    @Test(arguments: StoreBackend.allCases)
    func refusals_countInARow_showInStatus_andEndAtTheNextPublish(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let page = try await store.addAccount("club", network: .facebook)
            let other = try await store.addAccount("runner")
            for text in ["one", "two", "three"] { try await store.addPost(text, due: now, to: [page]) }
            try await store.addPost("elsewhere", due: now, to: [other])
            let claims = try await store.claimDue(now: now, limit: 10).claimed.filter { $0.accountID == page.id }
            #expect(claims.count == 3)

            try await refused(claims[0], in: store, at: now)
            try await refused(claims[1], in: store, at: now.addingTimeInterval(60))
            let flagged = try #require(try await store.account(reference: "\(page.id)").permissionRefusal)
            #expect(flagged == AccountRecord.PermissionRefusal(deliveries: 2, reason: Self.refusal, since: now.addingTimeInterval(0.25)))
            #expect(try await store.delivery(ofPost: claims[0].postID).state == .failed)
            #expect(try await store.attempts(deliveryID: claims[0].deliveryID).map(\.errorClass) == ["permission"])
            let attention = try await store.summary(now: now).accountsNeedingAttention
            #expect(attention.map(\.id) == [page.id], "only the refused account needs attention")
            #expect(try await store.account(reference: "\(other.id)").permissionRefusal == nil)

            try await store.recordPublished(claims[2], attempt: attempt(at: now.addingTimeInterval(120)), remoteID: "105_1", remoteURL: nil)
            #expect(try await store.account(reference: "\(page.id)").permissionRefusal == nil, "a post that went out proves the token may publish")
            #expect(try await store.summary(now: now).accountsNeedingAttention.isEmpty)
        }
    }

    /// A Page with one post, claimed.
    private func claimedPost(in store: any StoreInspection) async throws -> (page: AccountRecord, claim: ClaimedDelivery) {
        let page = try await store.addAccount("club", network: .facebook)
        try await store.addPost(due: now, to: [page])
        return (page, try #require(try await store.claimDue(now: now, limit: 1).claimed.first))
    }

    @Test(arguments: StoreBackend.allCases)
    func linkingTheAccountAgain_endsTheRun(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (page, claim) = try await claimedPost(in: store)
            try await refused(claim, in: store, at: now)
            #expect(try await store.account(reference: "\(page.id)").permissionRefusal?.deliveries == 1)

            let relinked = try await store.addAccount("club", network: .facebook)
            #expect(relinked.id == page.id && relinked.permissionRefusal == nil)
        }
    }

    /// A daemon that lost its claim changes nothing: neither the delivery nor the account.
    @Test(arguments: StoreBackend.allCases)
    func aRefusalOfAClaimNoLongerHeld_countsNothing(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let (page, claim) = try await claimedPost(in: store)
            try await store.recordFinalFailure(claim, attempt: attempt(at: now, status: 500, outcome: "error", errorClass: "retryable"),
                                               state: .failed, error: "gave up")
            try await refused(claim, in: store, at: now)
            #expect(try await store.account(reference: "\(page.id)").permissionRefusal == nil)
        }
    }
}
