import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// The inbox's memory of files, in both stores: a file is taken once by its SHA-256; the post it becomes marks it posted
/// in the same transaction (so a crash leaves both or neither); the same bytes again are skipped and counted, with an
/// event; a failed file may be tried again; a claim left by a daemon that stopped is taken over (at once on SQLite, one
/// daemon; after its lease on PostgreSQL, several).
@Suite struct InboxStoreTests {
    let now = referenceNow

    func runPost(_ store: any StoreInspection, claim: InboxFileClaim?) async throws -> PostRecord {
        let runner = try await store.addAccount("runner-\(UUID().uuidString.prefix(6))")
        var post = NewPost(text: "Morning run", time: nil, draftZone: "UTC", latenessLimitSeconds: 3_600, targets: [NewPost.Target(accountID: runner.id)])
        post.inboxFile = claim
        return try await store.insertPost(post, now: now)
    }

    @Test(arguments: StoreBackend.allCases)
    func aFileIsPostedOnce_andTheSameBytesAgainAreSkipped_withAnEvent(_ backend: StoreBackend) async throws {
        try await backend.withStore { (store: any StoreInspection) async throws -> Void in
            let first = InboxFileClaim(sha256: String(repeating: "a", count: 64), name: "morning.fit", holder: "daemon-1")
            #expect(try await store.claimInboxFile(first, leaseSeconds: 60, now: now) == .taken)
            let post = try await runPost(store, claim: first)
            let posted = try #require(try await store.inboxFiles(limit: 10).first)
            #expect(posted.state == "posted" && posted.postId == post.id && posted.seenAgain == 0, "\(posted)")
            #expect(try await store.recentEvents(1).last?.event == "inbox_posted")

            let again = InboxFileClaim(sha256: first.sha256, name: "morning (1).fit", holder: "daemon-1")
            #expect(try await store.claimInboxFile(again, leaseSeconds: 60, now: now) == .postedBefore(postID: post.id, name: "morning.fit"))
            let skipped = try #require(try await store.recentEvents(1).last)
            #expect(skipped.event == "inbox_skipped" && skipped.message.contains("morning (1).fit") && skipped.message.contains("post \(post.id)"),
                    "\(skipped.message)")
            #expect(try await store.inboxFiles(limit: 10).first?.seenAgain == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aPostForAFileNoLongerHeld_isRefusedWhole(_ backend: StoreBackend) async throws {
        try await backend.withStore { (store: any StoreInspection) async throws -> Void in
            let mine = InboxFileClaim(sha256: String(repeating: "b", count: 64), name: "evening.gpx", holder: "daemon-1")
            #expect(try await store.claimInboxFile(mine, leaseSeconds: 60, now: now) == .taken)
            let other = InboxFileClaim(sha256: mine.sha256, name: "evening.gpx", holder: "daemon-2")
            await #expect(throws: StoreError.self, "a post claiming a file another holder has is not stored") {
                _ = try await runPost(store, claim: other)
            }
            #expect(try await store.listPosts(filter: .states([.draft]), accountID: nil, after: nil, offset: 0, limit: 10).posts.isEmpty,
                    "nothing of the refused post is left")
            #expect(try await store.inboxFiles(limit: 10).first?.state == "taking")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aFailedFile_isTriedAgainWhenItArrivesAgain(_ backend: StoreBackend) async throws {
        try await backend.withStore { (store: any StoreInspection) async throws -> Void in
            let claim = InboxFileClaim(sha256: String(repeating: "c", count: 64), name: "ride.fit", holder: "daemon-1")
            #expect(try await store.claimInboxFile(claim, leaseSeconds: 60, now: now) == .taken)
            try await store.failInboxFile(claim, reason: "a cycling activity, not a run", now: now)
            let failed = try #require(try await store.inboxFiles(limit: 10).first)
            #expect(failed.state == "failed" && failed.error == "a cycling activity, not a run")
            #expect(try await store.recentEvents(1).last?.event == "inbox_failed")
            #expect(try await store.claimInboxFile(claim, leaseSeconds: 60, now: now) == .taken, "the person may have fixed the cause")
            #expect(try await store.inboxFiles(limit: 10).first?.error == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aClaimLeftByADaemonThatStopped_isTakenOver(_ backend: StoreBackend) async throws {
        try await backend.withStore { (store: any StoreInspection) async throws -> Void in
            let stopped = InboxFileClaim(sha256: String(repeating: "d", count: 64), name: "long.fit", holder: "daemon-that-stopped")
            #expect(try await store.claimInboxFile(stopped, leaseSeconds: 60, now: now) == .taken)
            let next = InboxFileClaim(sha256: stopped.sha256, name: "long.fit", holder: "daemon-now")
            if backend == .sqlite {
                #expect(try await store.claimInboxFile(next, leaseSeconds: 60, now: now) == .taken, "one daemon: the holder was its earlier run")
            } else {
                #expect(try await store.claimInboxFile(next, leaseSeconds: 60, now: now) == .heldElsewhere, "another daemon may be taking it now")
                #expect(try await store.claimInboxFile(next, leaseSeconds: 60, now: now.addingTimeInterval(61)) == .taken, "its lease passed")
            }
            _ = try await runPost(store, claim: next)
            #expect(try await store.inboxFiles(limit: 10).first?.state == "posted")
        }
    }
}
