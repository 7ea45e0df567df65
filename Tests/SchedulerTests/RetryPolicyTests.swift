import Foundation
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// When a failed delivery is tried again.
@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(baseSeconds: 5, maxSeconds: 60, maxAttempts: 6)
    let now = referenceNow

    @Test func nextAttempt_doublesTheWaitWithEachAttempt() {
        let waits = (1...4).map { policy.nextAttempt(after: $0, now: now, networkRetryAt: nil, jitter: 1)?.timeIntervalSince(now) }
        #expect(waits == [5, 10, 20, 40])
    }

    @Test func nextAttempt_neverWaitsLongerThanTheMaximum() {
        let wait = policy.nextAttempt(after: 5, now: now, networkRetryAt: nil, jitter: 1)?.timeIntervalSince(now)
        #expect(wait == 60)
        let huge = RetryPolicy(baseSeconds: 5, maxSeconds: 60, maxAttempts: 1_000)
        #expect(huge.nextAttempt(after: 500, now: now, networkRetryAt: nil, jitter: 1)?.timeIntervalSince(now) == 60)
    }

    @Test func nextAttempt_isNeverEarlierThanWhatTheNetworkAskedFor() {
        let asked = now.addingTimeInterval(900)
        #expect(policy.nextAttempt(after: 1, now: now, networkRetryAt: asked, jitter: 1) == asked)
        let sooner = now.addingTimeInterval(1)
        #expect(policy.nextAttempt(after: 1, now: now, networkRetryAt: sooner, jitter: 1) == now.addingTimeInterval(5))
    }

    @Test func nextAttempt_whenTheAttemptsAreUsedUp_isNil() {
        #expect(policy.nextAttempt(after: 5, now: now, networkRetryAt: nil) != nil)
        #expect(policy.nextAttempt(after: 6, now: now, networkRetryAt: nil) == nil)
        #expect(policy.nextAttempt(after: 7, now: now, networkRetryAt: now.addingTimeInterval(10)) == nil)
    }

    @Test func nextAttempt_jitterStaysWithinTwentyPercent() {
        for _ in 0..<200 {
            let wait = policy.nextAttempt(after: 2, now: now, networkRetryAt: nil)!.timeIntervalSince(now)
            #expect((8...12).contains(wait))
        }
    }
}
