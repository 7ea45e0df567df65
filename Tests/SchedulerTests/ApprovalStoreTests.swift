import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Posts awaiting an owner's approval, in both stores: never claimed while they wait, however late; approved, scheduled
/// at their time (and missed past their lateness limit, like any late post); rejected, cancelled with the reason as
/// their error; each with its event in the same transaction; a second answer refused.
@Suite struct ApprovalStoreTests {
    let now = referenceNow

    func awaitingPost(_ store: any StoreInspection, due: Date, lateness: Int = 3_600) async throws -> PostRecord {
        let runner = try await store.addAccount("runner")
        let club = try await store.addAccount("club", network: .facebook)
        var post = NewPost(text: "Sunday long run", time: ScheduleTime(instant: due, zoneIdentifier: "UTC", wallClock: "2030-01-01T00:00:00"),
                           latenessLimitSeconds: lateness, targets: [NewPost.Target(accountID: runner.id), NewPost.Target(accountID: club.id)])
        post.awaitingApproval = true
        post.writtenBy = "ben"
        return try await store.insertPost(post, now: now)
    }

    @Test(arguments: StoreBackend.allCases)
    func aPostAwaitingApproval_isNeverDue_untilApproved_thenGoesOutAtItsTime(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await awaitingPost(store, due: now.addingTimeInterval(60))
            #expect(post.deliveries.map(\.state) == [.awaitingApproval, .awaitingApproval])
            #expect(try await store.claimDue(now: now.addingTimeInterval(120), limit: 10).claimed.isEmpty, "waiting for an owner, even past its time")
            #expect(try await store.listPosts(filter: .states([.awaitingApproval]), accountID: nil, after: nil, offset: 0, limit: 10).posts.map(\.id) == [post.id])

            let approved = try await store.settleApproval(id: post.id, verdict: .approved, by: "ada", now: now)
            #expect(approved.deliveries.map(\.state) == [.scheduled, .scheduled])
            let event = try #require(try await store.recentEvents(1).last)
            #expect(event.event == "approved" && event.postId == post.id && event.message.contains("approved by ada"), "\(event)")
            #expect(try await store.claimDue(now: now.addingTimeInterval(30), limit: 10).claimed.isEmpty, "not before its time")
            #expect(try await store.claimDue(now: now.addingTimeInterval(61), limit: 10).claimed.count == 2)

            await #expect(throws: StoreError.self, "a post no longer awaiting approval cannot be approved again") {
                try await store.settleApproval(id: post.id, verdict: .approved, by: "ada", now: now)
            }
            await #expect(throws: StoreError.self, "no such post") {
                try await store.settleApproval(id: 9_999, verdict: .approved, by: "ada", now: now)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRejectedPost_isCancelled_withTheReasonAsItsError_andAnEvent(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await awaitingPost(store, due: now.addingTimeInterval(60))
            let rejected = try await store.settleApproval(id: post.id, verdict: .rejected(reason: "Say which Sunday"), by: "ada", now: now)
            #expect(rejected.deliveries.map(\.state) == [.cancelled, .cancelled])
            #expect(rejected.deliveries.allSatisfy { $0.error == "rejected by ada: Say which Sunday" }, "\(rejected.deliveries.map(\.error))")
            let event = try #require(try await store.recentEvents(1).last)
            #expect(event.event == "rejected" && event.message == "Post \(post.id) was rejected by ada: Say which Sunday")
            #expect(try await store.claimDue(now: now.addingTimeInterval(120), limit: 10).claimed.isEmpty)
            #expect(try await store.summary(now: now).deliveries == store.deliveriesCountedByState(), "the counts by state follow")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anApprovalPastTheLatenessLimit_isMissed_asAnyLatePost(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await awaitingPost(store, due: now.addingTimeInterval(-7_200), lateness: 600)
            _ = try await store.settleApproval(id: post.id, verdict: .approved, by: "ada", now: now)
            let swept = try await store.claimDue(now: now, limit: 10)
            #expect(swept.claimed.isEmpty && swept.missed == 2, "two hours late with a ten-minute limit: missed, never published")
            #expect(try await store.post(id: post.id).deliveries.map(\.state) == [.missed, .missed])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRejectedPost_staysBeforeItsAuthor_untilTheyActOnIt(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let post = try await awaitingPost(store, due: now.addingTimeInterval(60))
            #expect(post.writtenBy == "ben" && post.rejectionOpen == nil)
            #expect(try await store.openRejections(writtenBy: "ben", limit: 10).isEmpty, "waiting is not rejected")
            _ = try await store.settleApproval(id: post.id, verdict: .rejected(reason: "Say which Sunday"), by: "ada", now: now)
            #expect(try await store.openRejections(writtenBy: "ben", limit: 10).map(\.id) == [post.id])
            #expect(try await store.openRejections(writtenBy: "cleo", limit: 10).isEmpty, "only its author's")
            try await store.closeRejection(id: post.id)
            #expect(try await store.openRejections(writtenBy: "ben", limit: 10).isEmpty)
            #expect(try await store.post(id: post.id).rejectionOpen == nil)
        }
    }
}
