import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The throttles: per token, media uploads and statuses, each with `X-RateLimit-*` and a 429 once spent.
@Suite struct MastodonRateLimitTests {
    @Test func thePerTokenLimit_is429WithHeaders_untilTheAlignedWindowEnds() async throws {
        let limits = MastodonRateLimits(perToken: MastodonRateLimit(limit: 3, period: 300))
        try await MastodonHarness.run(options: .init(rateLimits: limits, mediaProcessing: 0)) { mastodon in
            let (token, _) = try await mastodon.token()
            let first = try await mastodon.get("/api/v1/accounts/verify_credentials", token: token)
            #expect(first.header("X-RateLimit-Limit") == "3")
            #expect(first.header("X-RateLimit-Remaining") == "2")
            let reset = try #require(first.header("X-RateLimit-Reset"))
            #expect(reset.hasSuffix(".000000Z") && reset.count == 27)
            _ = try await mastodon.get("/api/v1/accounts/verify_credentials", token: token)
            _ = try await mastodon.status("third", token: token)
            let spent = try await mastodon.status("fourth", token: token)
            #expect(spent.status == 429)
            #expect(spent.json == .object(["error": .string("Too many requests")]))
            #expect(spent.header("X-RateLimit-Remaining") == "0")
            #expect(spent.header("X-RateLimit-Reset") == reset)
            #expect(spent.header("Retry-After") == nil)
            let now = mastodon.clock.now.timeIntervalSince1970
            mastodon.clock.advance(by: 300 - now.truncatingRemainder(dividingBy: 300) + 0.001)
            #expect(try await mastodon.status("fifth", token: token).status == 200)
        }
    }

    @Test func theStatusesLimit_countsStatusesMade_notIdempotentReplays() async throws {
        let limits = MastodonRateLimits(statuses: MastodonRateLimit(limit: 2, period: 10_800))
        try await MastodonHarness.run(options: .init(rateLimits: limits, mediaProcessing: 0)) { mastodon in
            let (token, _) = try await mastodon.token()
            let one = try await mastodon.status("one", token: token, key: "a")
            #expect(one.header("X-RateLimit-Limit") == "2")
            #expect(one.header("X-RateLimit-Remaining") == "1")
            #expect(try await mastodon.status("one", token: token, key: "a").status == 200)
            #expect(try await mastodon.status("two", token: token).status == 200)
            let three = try await mastodon.status("three", token: token)
            #expect(three.status == 429)
            #expect(three.header("X-RateLimit-Remaining") == "0")
            #expect(await mastodon.recorder.rejected().last?.reasonCode == "rate_limited")
        }
    }

    @Test func theMediaLimit_isPerAccount() async throws {
        let limits = MastodonRateLimits(mediaUploads: MastodonRateLimit(limit: 1, period: 1_800))
        try await MastodonHarness.run(options: .init(rateLimits: limits, mediaProcessing: 0)) { mastodon in
            let (first, _) = try await mastodon.token("alice")
            let (second, _) = try await mastodon.token("alice")
            let (bob, _) = try await mastodon.token("bob")
            #expect(try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), token: first).status == 200)
            let spent = try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), token: second)
            #expect(spent.status == 429)
            #expect(spent.header("X-RateLimit-Limit") == "1")
            #expect(try await mastodon.upload(TestImages.jpeg(width: 10, height: 10), token: bob).status == 200)
        }
    }
}
