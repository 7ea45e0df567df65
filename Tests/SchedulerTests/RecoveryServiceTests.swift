import Foundation
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// Issue 25, item 12: `retry` and `resolve` take a post id, as every other command does; the service picks the post's
/// deliveries (all that can go again, or the one named) and the answer names each delivery and account it took.
@Suite struct RecoveryServiceTests {
    let now = referenceNow

    /// A post to three accounts whose deliveries ended failed, published and unknown, in that order.
    private func mixedPost(in store: any StoreInspection) async throws -> PostRecord {
        var accounts: [AccountRecord] = []
        for handle in ["failing", "fine", "doubtful"] { accounts.append(try await store.addAccount(handle)) }
        let post = try await store.addPost(due: now, to: accounts, lateness: 60)
        let claims = try await store.claimDue(now: now, limit: 5).claimed.sorted { $0.deliveryID < $1.deliveryID }
        try await store.recordFinalFailure(claims[0], attempt: attempt(at: now, status: 400, outcome: "error"), state: .failed, error: "refused")
        try await store.recordPublished(claims[1], attempt: attempt(at: now), remoteID: "1", remoteURL: "https://x.com/fine/status/1")
        try await store.recordFinalFailure(claims[2], attempt: attempt(at: now, status: 504, outcome: "error"), state: .unknown, error: "timed out")
        return try await store.post(id: post.id)
    }

    @Test(arguments: StoreBackend.allCases)
    func retryingAPost_sendsAgainWhatFailed_namingEach_andLeavesTheUnknownOneUnlessForced(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await mixedPost(in: store)
            let (failed, published, unknown) = (post.deliveries[0], post.deliveries[1], post.deliveries[2])
            let service = RecoveryService(store: store, wake: WakeSignal(), now: { now })

            let retried = try await service.retry(postID: post.id, deliveryID: nil, force: false)
            #expect(retried.deliveries.map(\.state) == [.scheduled, .published, .unknown])
            #expect(retried.notes?.first == "retried delivery \(failed.id) to x:@failing (it was failed)", "\(retried.notes ?? [])")
            #expect(retried.notes?.last?.hasPrefix("left delivery \(unknown.id) to x:@doubtful alone: it is unknown") == true, "\(retried.notes ?? [])")

            let forced = try await service.retry(postID: post.id, deliveryID: nil, force: true)
            #expect(forced.deliveries.map(\.state) == [.scheduled, .published, .scheduled])
            #expect(forced.notes == ["retried delivery \(unknown.id) to x:@doubtful (it was unknown)"], "\(forced.notes ?? [])")

            let nothing = await #expect(throws: RequestError.self) { try await service.retry(postID: post.id, deliveryID: nil, force: false) }
            #expect(nothing?.code == .conflict)
            #expect(nothing?.message.contains("post \(post.id) has nothing to retry") == true, "\(nothing?.message ?? "")")
            let one = await #expect(throws: StoreError.self) { try await service.retry(postID: post.id, deliveryID: published.id, force: false) }
            #expect(one?.message == "post \(post.id)'s delivery \(published.id) to x:@fine is published; only failed, missed, expired or "
                    + "unknown deliveries (or published ones whose first comment failed) can be retried")
            let elsewhere = await #expect(throws: RequestError.self) { try await service.retry(postID: post.id, deliveryID: 999, force: false) }
            #expect(elsewhere?.code == .notFound && elsewhere?.message.contains("post \(post.id) has no delivery 999") == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anUnknownDeliveryAlone_isNotRetriedWithoutForce_andTheMessageSaysWhatToDo(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await mixedPost(in: store)
            let service = RecoveryService(store: store, wake: WakeSignal(), now: { now })
            let unknown = post.deliveries[2]
            let refused = await #expect(throws: StoreError.self) { try await service.retry(postID: post.id, deliveryID: unknown.id, force: false) }
            #expect(refused?.hint == RefusalHint(.retryOrResolve, post: post.id, delivery: unknown.id), "\(refused?.message ?? "")")
            #expect(try await store.post(id: post.id).deliveries.map(\.state) == [.failed, .published, .unknown])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func retryingSeveralDeliveries_isAllOrNothing(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await mixedPost(in: store)
            await #expect(throws: StoreError.self) {
                try await store.retryDeliveries(ids: [post.deliveries[0].id, post.deliveries[1].id], force: false, now: now)
            }
            #expect(try await store.post(id: post.id).deliveries.map(\.state) == [.failed, .published, .unknown], "the failed one was not retried either")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func resolvingAPost_takesItsOneCandidate_orAsksWhichWhenThereAreSeveral(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await mixedPost(in: store)
            let service = RecoveryService(store: store, wake: WakeSignal(), now: { now })
            let url = "https://x.com/doubtful/status/1890"
            let ambiguous = await #expect(throws: RequestError.self) { try await service.resolve(postID: post.id, deliveryID: nil, url: url) }
            #expect(ambiguous?.code == .badRequest)
            #expect(ambiguous?.message.contains("has 2 deliveries that could be at \(url)") == true && ambiguous?.hint == .give(.delivery),
                    "\(ambiguous?.message ?? "")")

            let named = try await service.resolve(postID: post.id, deliveryID: post.deliveries[2].id, url: url)
            #expect(named.deliveries.map(\.state) == [.failed, .published, .published])
            #expect(named.notes == ["recorded delivery \(post.deliveries[2].id) to x:@doubtful as published at \(url)"])
            let only = try await service.resolve(postID: post.id, deliveryID: nil, url: "https://x.com/failing/status/7")
            #expect(only.deliveries[0].state == .published && only.deliveries[0].remoteUrl == "https://x.com/failing/status/7")
            let none = await #expect(throws: RequestError.self) { try await service.resolve(postID: post.id, deliveryID: nil, url: url) }
            #expect(none?.code == .conflict)
            let notURL = await #expect(throws: RequestError.self) { try await service.resolve(postID: post.id, deliveryID: nil, url: "not a url") }
            #expect(notURL?.code == .badRequest)
        }
    }
}
