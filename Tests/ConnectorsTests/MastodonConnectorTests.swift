@testable import Connectors
import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing

/// How the Mastodon connector settles a status in doubt by its `Idempotency-Key`: found in the account's statuses, sent
/// again with the same key within the key's hour, and past the hour left to the look-up alone.
@Suite struct MastodonConnectorTests {
    typealias ScriptedTransport = BlueskyXRPCTests.ScriptedTransport

    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let credentials: AccountCredentials = {
        var credentials = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil)
        credentials.serviceURL = "https://small.example"
        return credentials
    }()
    static let request = PublishRequest(text: "Hill repeats with the club", accountRemoteID: "42@small.example")

    func connector(_ transport: ScriptedTransport) -> MastodonConnector {
        MastodonConnector(transport: transport)
    }

    @Test func aStatusInTheAccountsList_isFound_whateverTheHour() async throws {
        let listed = #"[{"id":"7","url":"https://small.example/@runner/7","created_at":"2026-11-18T10:30:00.000Z","content":"<p>Hill repeats with the club</p>","in_reply_to_id":null}]"#
        let transport = ScriptedTransport([(200, listed, [])])
        let settled = try await connector(transport).settle(Self.request, key: "k", since: Self.now.addingTimeInterval(-7_200), keyAge: .measured(7_200),
                                                            credentials: Self.credentials)
        #expect(settled == .found(PublishedPost(remoteID: "7", url: "https://small.example/@runner/7", httpStatus: 200)))
        #expect(transport.sent.withLock { $0.map(\.url) } == ["https://small.example/api/v1/accounts/42/statuses?limit=40"])
    }

    @Test func withinTheKeysHour_aStatusNotListed_isSentAgainWithTheKey_pastIt_isLookedAtAgainAfterTheLag() async throws {
        let recent = try await connector(ScriptedTransport([(200, "[]", [])]))
            .settle(Self.request, key: "k", since: Self.now.addingTimeInterval(-120), keyAge: .measured(120), credentials: Self.credentials)
        #expect(recent == .sendAgain, "the instance answers a resend with the same key by the first status")
        let old = try await connector(ScriptedTransport([(200, "[]", [])]))
            .settle(Self.request, key: "k", since: Self.now.addingTimeInterval(-3_100), keyAge: .measured(3_100), credentials: Self.credentials)
        #expect(old == .notListed, "ten minutes short of the hour, the key is no longer trusted")
    }

    /// Issue 46: the age comes from the boot-time clock, not from `since`. A wall clock stepped back an hour makes `since`
    /// look two minutes old while the key is 1 h 50 min old; and a key whose age cannot be vouched for is not trusted.
    @Test func theKeysMeasuredAge_decides_notTheWallClock_andAnUnknownAgeIsNotTrusted() async throws {
        let stepped = try await connector(ScriptedTransport([(200, "[]", [])]))
            .settle(Self.request, key: "k", since: Self.now.addingTimeInterval(-120), keyAge: .measured(6_600), credentials: Self.credentials)
        #expect(stepped == .notListed, "the instance forgot the key an hour after it was stored, whatever the wall clock says")
        let unknown = try await connector(ScriptedTransport([(200, "[]", [])]))
            .settle(Self.request, key: "k", since: Self.now.addingTimeInterval(-120), keyAge: .unknown, credentials: Self.credentials)
        #expect(unknown == .notListed, "stored on another boot: looked at again after the lag rather than trusted")
    }

    @Test func anotherTextOrAnotherReply_isNotTakenForThePost() async throws {
        let listed = #"[{"id":"8","created_at":"2026-11-18T08:00:00.000Z","content":"<p>Hill repeats with the club!</p>","in_reply_to_id":null},"#
            + #"{"id":"9","created_at":"2026-11-18T08:00:00.000Z","content":"<p>Hill repeats with the club</p>","in_reply_to_id":"5"}]"#
        let settled = try await connector(ScriptedTransport([(200, listed, [])]))
            .settle(Self.request, key: "k", since: Self.now.addingTimeInterval(-3_500), keyAge: .measured(3_500), credentials: Self.credentials)
        #expect(settled == .notListed)
    }

    @Test func theInstancesOwnLimit_decidesAtScheduleTime() {
        var request = PublishRequest(text: String(repeating: "a", count: 600))
        #expect(!MastodonConnector(transport: ScriptedTransport([])).validate(request).isEmpty, "Mastodon's default is 500")
        request.instanceLimits = MastodonInstanceLimits(maxCharacters: 1_000)
        #expect(MastodonConnector(transport: ScriptedTransport([])).validate(request).isEmpty)
    }

    @Test func htmlContent_readsAsTheTextSent() {
        let html = #"<p>Intervals &amp; tempo<br />next: <a href="https://example.org/r"><span class="invisible">https://</span><span class="">example.org/r</span></a></p><p>#running</p>"#
        #expect(MastodonHTML.plainText(html) == "Intervals & tempo\nnext: https://example.org/r\n\n#running")
    }
}
