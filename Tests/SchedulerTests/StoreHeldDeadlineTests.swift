import Foundation
import SchedulerCore
import Testing
@testable import Scheduler

/// Issue 25, bug 13: a paused post past its lateness limit still showed `scheduled`, its `missed` event only after a
/// resume. The store says when the first held delivery (paused account or network, everything paused, an account
/// needing relinking) passes its limit, so the engine wakes then; deliveries a claim takes anyway are not counted.
@Suite struct StoreHeldDeadlineTests {
    let now = referenceNow

    @Test(arguments: StoreBackend.allCases)
    func aPausedAccountsFirstDeadline_isWhenItsEarliestLimitRunsOut(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            let club = try await store.addAccount("club")
            // Due in 10 s with 1 h of lateness, and due in 20 s with 1 min: the second runs out first.
            try await store.addPost("long limit", due: now.addingTimeInterval(10), to: [runner], lateness: 3_600, now: now)
            try await store.addPost("short limit", due: now.addingTimeInterval(20), to: [runner], lateness: 60, now: now)
            try await store.addPost("not held", due: now.addingTimeInterval(5), to: [club], lateness: 3_600, now: now)
            #expect(try await store.nextHeldLatenessDeadline(after: now) == nil, "nothing is held")

            _ = try await store.pause(account: "x:@runner", network: nil, paused: true, now: now)
            let deadline = try #require(try await store.nextHeldLatenessDeadline(after: now))
            #expect(abs(deadline.timeIntervalSince(now.addingTimeInterval(80))) < 0.01, "\(deadline)")
            #expect(try await store.nextHeldLatenessDeadline(after: now.addingTimeInterval(81)).map { $0.timeIntervalSince(now) }
                        .map { abs($0 - 3_610) < 0.01 } == true, "then the long one's")

            // At the deadline's first moment, the next claim marks it missed (with its event); the long one waits on.
            let swept = try await store.claimDue(now: deadline, limit: 10)
            #expect(swept.missed == 1 && swept.claimed.map(\.accountID) == [club.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func everythingPaused_aNetworkPaused_orAnAccountToRelink_holdTheirDeliveries(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let runner = try await store.addAccount("runner")
            try await store.addPost("held", due: now.addingTimeInterval(10), to: [runner], lateness: 60, now: now)
            let expected = now.addingTimeInterval(70)
            _ = try await store.pause(account: nil, network: nil, paused: true, now: now)
            #expect(try await store.nextHeldLatenessDeadline(after: now).map { abs($0.timeIntervalSince(expected)) < 0.01 } == true)
            _ = try await store.pause(account: nil, network: nil, paused: false, now: now)
            _ = try await store.pause(account: nil, network: .x, paused: true, now: now)
            #expect(try await store.nextHeldLatenessDeadline(after: now).map { abs($0.timeIntervalSince(expected)) < 0.01 } == true)
            _ = try await store.pause(account: nil, network: nil, paused: false, now: now)
            try await store.markNeedsRelink(accountID: runner.id, reason: "revoked", now: now)
            #expect(try await store.nextHeldLatenessDeadline(after: now).map { abs($0.timeIntervalSince(expected)) < 0.01 } == true)
            #expect(try await store.nextHeldLatenessDeadline(after: expected.addingTimeInterval(1)) == nil, "past its deadline, it is the sweep's")
        }
    }
}
