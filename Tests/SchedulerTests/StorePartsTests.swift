import Connectors
import Foundation
import NetworkRules
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Threads, first comments and media per part as both stores keep them: what a claim carries, each part recorded
/// once, a thread under way never marked missed, and a copy keeping every part.
@Suite struct StorePartsTests {
    let now = referenceNow

    private func image(_ name: String) -> MediaItem {
        MediaItem(path: "/media/\(name).jpg", kind: .image, contentType: "image/jpeg", size: 1_000, sha256: String(repeating: name, count: 64 / name.count),
                  width: 1_080, height: 1_080, alt: "alt of \(name)")
    }

    private func thread(_ store: any SchedulerStore, to account: AccountRecord, due: Date, lateness: Int = 3_600) async throws -> PostRecord {
        var post = NewPost(text: "one", time: ScheduleTime(instant: due, zoneIdentifier: "UTC", wallClock: "2030-01-01T00:00:00"),
                           latenessLimitSeconds: lateness, targets: [NewPost.Target(accountID: account.id, firstComment: "the comment")],
                           media: [image("a")])
        post.thread = [ThreadPart(text: "two", media: [image("b"), image("c")]), ThreadPart(text: "three")]
        return try await store.insertPost(post, now: now)
    }

    @Test(arguments: StoreBackend.allCases)
    func aThread_isShownAndClaimedWithEveryPartAndItsOwnMedia(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await thread(store, to: runner, due: now)
            #expect(post.media.map(\.alt) == ["alt of a"])
            #expect(post.thread?.map(\.text) == ["two", "three"])
            #expect(post.thread?.map { $0.media.map(\.alt) } == [["alt of b", "alt of c"], []])
            #expect(post.deliveries[0].firstComment == "the comment")
            #expect(post.deliveries[0].partCount == 4)
            #expect(post.deliveries[0].parts == [])

            let claim = try #require(try await store.claimDue(now: now, limit: 10).claimed.first)
            #expect(claim.media.map(\.alt) == ["alt of a"], "part 1 carries only its own media")
            #expect(claim.thread.map(\.text) == ["two", "three"])
            #expect(claim.thread[0].media.count == 2)
            #expect(claim.firstComment == "the comment")
            #expect(claim.nextPart == 1)
            #expect(claim.kind(ofPart: 4) == .comment)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func partsRecorded_areCarriedByTheNextClaim_onceEach_andAThreadUnderWayIsNeverMissed(_ backend: StoreBackend) async throws {
        try await backend.withSuccessiveDaemons(2) { daemons in
            let (first, store) = (daemons[0], daemons[1])
            let runner = try await first.addAccount("runner")
            let post = try await thread(first, to: runner, due: now, lateness: 60)
            let claim = try #require(try await first.claimDue(now: now, limit: 10).claimed.first)
            let attempt = AttemptRecord(startedAt: now, finishedAt: now, httpStatus: 201, outcome: "published", part: 1)
            try await first.recordPartPublished(claim, part: PublishedPart(number: 1, remoteID: "t1", remoteURL: "https://x.com/i/web/status/t1", publishedAt: now),
                                                attempt: attempt)
            // Recorded twice (a write retried after a failure): still one part.
            try await first.recordPartPublished(claim, part: PublishedPart(number: 1, remoteID: "t1", remoteURL: nil, publishedAt: now), attempt: attempt)
            // The daemon is killed; the next one returns its claim for checking.
            #expect(try await store.returnClaimsForChecking(nil, now: now, lookUpAt: now, reason: "stopped") == 1)

            // Hours past its lateness limit: the thread is finished, not missed.
            let later = now.addingTimeInterval(7_200)
            let (claimed, missed) = try await store.claimDue(now: later, limit: 10)
            #expect(missed == 0)
            let again = try #require(claimed.first)
            #expect(again.publishedParts.map(\.remoteID) == ["t1"])
            #expect(again.nextPart == 2)
            #expect(again.needsCheck)

            for number in 2...4 {
                try await store.recordPartPublished(again, part: PublishedPart(number: number, remoteID: "t\(number)", remoteURL: nil, publishedAt: later),
                                                    attempt: AttemptRecord(startedAt: later, finishedAt: later, httpStatus: 201, outcome: "published", part: number))
            }
            try await store.recordAllPartsPublished(again, at: later)
            let delivery = try await store.delivery(ofPost: post.id)
            #expect(delivery.state == .published)
            #expect(delivery.remoteId == "t1")
            #expect(delivery.remoteUrl == "https://x.com/i/web/status/t1")
            #expect(delivery.parts?.map(\.remoteId) == ["t1", "t2", "t3", "t4"])
            #expect(try await store.history(postID: post.id).deliveries[0].attempts.compactMap(\.part) == [1, 1, 2, 3, 4])
            await #expect(throws: StoreError.self, "nothing is left to retry") { try await store.retryDelivery(id: delivery.id, force: false, now: later) }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aPlainPostPastItsLatenessLimit_isStillMissed(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            _ = try await thread(store, to: runner, due: now, lateness: 60)
            #expect(try await store.claimDue(now: now.addingTimeInterval(7_200), limit: 10).missed == 1, "nothing of it was out yet")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func duplicating_keepsTheThreadItsMediaAndTheFirstComments(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let post = try await thread(store, to: runner, due: now)
            let copy = try await store.duplicatePost(id: post.id, now: now)
            #expect(copy.thread == post.thread)
            #expect(copy.media == post.media)
            #expect(copy.deliveries.map(\.firstComment) == ["the comment"])
            #expect(copy.deliveries.map(\.partCount) == [4])
        }
    }
}
