import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// What `status` learns from the store about posts that wait for a reason (issue 16, bug 2), and what a resume lifted
/// (issue 16, bug 11), in both stores.
@Suite struct StoreStatusHeldTests {
    let now = referenceNow

    @Test(arguments: StoreBackend.allCases)
    func postsOfPausedOrUnlinkedAccounts_giveTheFirstHeldOne_withWhy(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let paused = try await store.addAccount("paused")
            let unlinked = try await store.addAccount("unlinked", network: .linkedin)
            let first = try await store.addPost("first", due: now.addingTimeInterval(60), to: [paused])
            try await store.addPost("second", due: now.addingTimeInterval(120), to: [unlinked])
            _ = try await store.pause(account: paused.reference, network: nil, paused: true, now: now)
            try await store.setStatus(.needsRelink, accountID: unlinked.id)

            let summary = try await store.summary(now: now)
            #expect(summary.nextDue == nil, "nothing can go out")
            #expect(summary.nextHeld == HeldDueRecord(postId: first.id, dueAt: first.dueAt!, account: "x:@paused", reason: .accountPaused))

            _ = try await store.pause(account: paused.reference, network: nil, paused: false, now: now)
            let resumed = try await store.summary(now: now)
            #expect(resumed.nextDue?.postId == first.id && resumed.nextHeld == nil, "the held post is due after the next one out")

            let early = try await store.addPost("early", due: now.addingTimeInterval(30), to: [unlinked])
            #expect(try await store.summary(now: now).nextHeld
                    == HeldDueRecord(postId: early.id, dueAt: early.dueAt!, account: "linkedin:@unlinked", reason: .needsRelink))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aHeldPostAfterTheNextOneOut_isNotMentioned_andAPausedNetworkIsNamed(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let free = try await store.addAccount("free")
            let page = try await store.addAccount("page", network: .facebook)
            let out = try await store.addPost("goes out", due: now.addingTimeInterval(60), to: [free])
            try await store.addPost("waits", due: now.addingTimeInterval(120), to: [page])
            _ = try await store.pause(account: nil, network: .facebook, paused: true, now: now)
            var summary = try await store.summary(now: now)
            #expect(summary.nextDue?.postId == out.id && summary.nextHeld == nil)

            let early = try await store.addPost("early", due: now.addingTimeInterval(30), to: [page])
            summary = try await store.summary(now: now)
            #expect(summary.nextHeld == HeldDueRecord(postId: early.id, dueAt: early.dueAt!, account: "facebook:@page", reason: .networkPaused))
            #expect(summary.nextDue?.postId == out.id)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aResume_saysWhatItLifted(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            var accounts: [AccountRecord] = []
            for handle in ["a", "b", "c", "d"] { accounts.append(try await store.addAccount(handle)) }
            for account in accounts { _ = try await store.pause(account: account.reference, network: nil, paused: true, now: now) }
            let paused = try await store.pause(account: nil, network: .linkedin, paused: true, now: now)
            #expect(paused.resumed == nil, "a pause lifts nothing")

            let one = try await store.pause(account: "x:@a", network: nil, paused: false, now: now)
            #expect(one.resumed == PauseRecord.Resumed(everything: false, accounts: ["x:@a"], networks: []))
            #expect(one.accounts == ["x:@b", "x:@c", "x:@d"])

            let all = try await store.pause(account: nil, network: nil, paused: false, now: now)
            #expect(all.resumed == PauseRecord.Resumed(everything: false, accounts: ["x:@b", "x:@c", "x:@d"], networks: [.linkedin]))
            #expect(all.isEmpty)
            #expect(try await store.pause(account: nil, network: nil, paused: false, now: now).resumed?.isEmpty == true)
        }
    }
}
