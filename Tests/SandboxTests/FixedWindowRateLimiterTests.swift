import Foundation
import Testing

@testable import Sandbox

@Suite struct FixedWindowRateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func consume_countsDownAndReportsTheWindowEnd() {
        var limiter = FixedWindowRateLimiter(limit: 100, window: 900)
        let first = limiter.consume(key: "u", now: start)
        #expect(first == RateLimitStatus(limit: 100, remaining: 99, reset: 1_700_000_900, allowed: true))
        let second = limiter.consume(key: "u", now: start.addingTimeInterval(60))
        #expect(second.remaining == 98)
        #expect(second.reset == 1_700_000_900)
    }

    @Test func consume_refusesTheRequestAfterTheLimitWithRemainingZero() {
        var limiter = FixedWindowRateLimiter(limit: 3, window: 900)
        for _ in 0..<3 { #expect(limiter.consume(key: "u", now: start).allowed) }
        let refused = limiter.consume(key: "u", now: start.addingTimeInterval(1))
        #expect(refused == RateLimitStatus(limit: 3, remaining: 0, reset: 1_700_000_900, allowed: false))
    }

    @Test func consume_startsAFreshWindowAfterTheResetAndKeepsUsersApart() {
        var limiter = FixedWindowRateLimiter(limit: 1, window: 900)
        #expect(limiter.consume(key: "u", now: start).allowed)
        #expect(limiter.consume(key: "other", now: start).allowed)
        #expect(!limiter.consume(key: "u", now: start.addingTimeInterval(899)).allowed)
        let renewed = limiter.consume(key: "u", now: start.addingTimeInterval(900))
        #expect(renewed.allowed)
        #expect(renewed.reset == 1_700_001_800)
    }
}
