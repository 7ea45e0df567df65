import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// `Idempotency-Key`: one status per account and key for an hour, 503 while the first is in flight.
@Suite struct MastodonIdempotencyTests {
    @Test func theSameKey_answersTheSameStatus_andMakesOne_untilAnHourHasPassed() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, accountID) = try await mastodon.token()
            let first = try await mastodon.status("Morning run", token: token, key: "post-1")
            #expect(first.status == 200)
            let id = try #require(first.json?["id"]?.stringValue)
            mastodon.clock.advance(by: 3_599)
            let resent = try await mastodon.status("Morning run (edited)", token: token, key: "post-1")
            #expect(resent.status == 200)
            #expect(resent.json?["id"]?.stringValue == id)
            #expect(resent.json?["content"]?.stringValue == "<p>Morning run</p>")
            #expect(await mastodon.network.timeline.all(of: accountID).count == 1)
            #expect(await mastodon.recorder.received().filter { $0.kind == "post" }.count == 1)
            let reads = try await mastodon.get(mastodon.helper + "/reads", [("username", "alice")])
            #expect(reads.json?["idempotent_replays"] == .integer(1))

            mastodon.clock.advance(by: 1)
            let later = try await mastodon.status("Morning run", token: token, key: "post-1")
            #expect(later.status == 200)
            #expect(later.json?["id"]?.stringValue != id)
            #expect(await mastodon.network.timeline.all(of: accountID).count == 2)
        }
    }

    @Test func theKey_isPerAccount_sharedByTheAccountsApps() async throws {
        try await MastodonHarness.run { mastodon in
            let (alice, _) = try await mastodon.token("alice")
            let (bob, _) = try await mastodon.token("bob")
            let a = try await mastodon.status("Hello", token: alice, key: "same")
            let b = try await mastodon.status("Hello", token: bob, key: "same")
            #expect(a.json?["id"] != nil && b.json?["id"] != nil && a.json?["id"] != b.json?["id"])
            let (aliceElsewhere, _) = try await mastodon.oauthToken(user: "alice")
            let c = try await mastodon.status("Hello", token: aliceElsewhere, key: "same")
            #expect(c.json?["id"] == a.json?["id"])
        }
    }

    @Test func aRefusedStatus_leavesNoKey() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, _) = try await mastodon.token()
            #expect(try await mastodon.status(String(repeating: "a", count: 501), token: token, key: "k").status == 422)
            let retried = try await mastodon.status("Short enough", token: token, key: "k")
            #expect(retried.status == 200)
            #expect(retried.json?["content"]?.stringValue == "<p>Short enough</p>")
        }
    }

    @Test func aResendWhileTheFirstIsInFlight_is503_andALaterOneGetsTheFirst() async throws {
        let options = MastodonSandboxOptions(mediaProcessing: 0, statusProcessing: .milliseconds(800))
        try await MastodonHarness.run(options: options) { mastodon in
            let (token, accountID) = try await mastodon.token()
            async let one = mastodon.status("Race", token: token, key: "race")
            async let two = mastodon.status("Race", token: token, key: "race")
            let answers = try await [one, two]
            #expect(answers.map(\.status).sorted() == [200, 503])
            let busy = try #require(answers.first { $0.status == 503 })
            #expect(busy.json == .object(["error": .string("There was a temporary problem serving your request, please try again")]))
            let made = try #require(answers.first { $0.status == 200 })
            let third = try await mastodon.status("Race", token: token, key: "race")
            #expect(third.json?["id"] == made.json?["id"])
            #expect(await mastodon.network.timeline.all(of: accountID).count == 1)
        }
    }
}
