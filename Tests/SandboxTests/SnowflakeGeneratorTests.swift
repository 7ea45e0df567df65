import Foundation
import Testing

@testable import Sandbox

@Suite struct SnowflakeGeneratorTests {
    @Test func next_isStrictlyIncreasingEvenWithinOneMillisecond() {
        var generator = SnowflakeGenerator()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let ids = (0..<1_000).map { _ in generator.next(now: now) }
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func next_looksLikeAnXIDAndEncodesTheTime() {
        var generator = SnowflakeGenerator()
        let now = Date(timeIntervalSince1970: 1_700_000_000.123)
        let id = generator.next(now: now)
        #expect(String(id).count == 19)
        #expect((id >> 22) + SnowflakeGenerator.epochMilliseconds == 1_700_000_000_123)
    }

    @Test func next_neverGoesBackwardsWhenTheClockDoes() {
        var generator = SnowflakeGenerator()
        let later = generator.next(now: Date(timeIntervalSince1970: 1_700_000_100))
        let earlier = generator.next(now: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(earlier > later)
    }
}
