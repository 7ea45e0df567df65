import Foundation
import OAuth
import Testing

@testable import Sandbox

/// The authority ties codes to tokens, records every issue and revocation, and never records a secret.
@Suite struct OAuth2AuthorityTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let client = RegisteredClient(id: SandboxCredentials.xClientID, secret: SandboxCredentials.xClientSecret, authentication: .basic)
    let redirect = "http://127.0.0.1:4000/cb"

    func authority(_ recorder: Recorder, configuration: SandboxConfiguration = .init()) -> OAuth2Authority {
        OAuth2Authority(profile: XOAuth2.profile(configuration), recorder: recorder)
    }

    func request(scopes: [String], verifier: String) -> AuthorizationRequest {
        AuthorizationRequest(clientID: client.id, redirectURI: redirect, scopes: scopes, state: "s", codeChallenge: PKCE.challengeS256(verifier: verifier), sandboxUser: nil, denied: false)
    }

    @Test func exchange_givesARefreshTokenOnlyWithOfflineAccess() async throws {
        let oauth = authority(Recorder())
        let verifier = PKCE.makeVerifier()
        let offline = await oauth.issueCode(for: request(scopes: ["tweet.read", "offline.access"], verifier: verifier), subject: "u1", now: start)
        let online = await oauth.issueCode(for: request(scopes: ["tweet.read"], verifier: verifier), subject: "u1", now: start)
        let withRefresh = try await oauth.exchange(code: offline, client: client, redirectURI: redirect, verifier: verifier, now: start).get()
        let without = try await oauth.exchange(code: online, client: client, redirectURI: redirect, verifier: verifier, now: start).get()
        #expect(withRefresh.refreshToken != nil)
        #expect(withRefresh.expiresIn == 7_200)
        #expect(without.refreshToken == nil)
    }

    @Test func exchange_ofAReusedCode_revokesWhatTheCodeProducedAndRecordsIt() async throws {
        let recorder = Recorder()
        let oauth = authority(recorder)
        let verifier = PKCE.makeVerifier()
        let code = await oauth.issueCode(for: request(scopes: ["tweet.read", "offline.access"], verifier: verifier), subject: "u1", now: start)
        let grant = try await oauth.exchange(code: code, client: client, redirectURI: redirect, verifier: verifier, now: start).get()
        let again = await oauth.exchange(code: code, client: client, redirectURI: redirect, verifier: verifier, now: start)
        #expect(throws: OAuth2Refusal.self) { try again.get() }
        await #expect(throws: OAuth2Refusal.self) { try await oauth.validate(grant.accessToken, now: start).get() }
        #expect(await recorder.revoked() == [TokenRevocation(network: "x", revokedAt: SandboxTimestamp.rfc3339(start), reason: .codeReuse, tokensRevoked: 2)])
    }

    @Test func refresh_rotatesAndAReplayRevokesTheFamily() async throws {
        let recorder = Recorder()
        let oauth = authority(recorder)
        let verifier = PKCE.makeVerifier()
        let code = await oauth.issueCode(for: request(scopes: ["users.read", "offline.access"], verifier: verifier), subject: "u1", now: start)
        let first = try await oauth.exchange(code: code, client: client, redirectURI: redirect, verifier: verifier, now: start).get()
        let second = try await oauth.refresh(first.refreshToken!, client: client, now: start.addingTimeInterval(60)).get()
        #expect(second.refreshToken != first.refreshToken)
        #expect(second.accessToken != first.accessToken)
        #expect(second.scopes == ["users.read", "offline.access"])
        _ = try await oauth.validate(second.accessToken, now: start.addingTimeInterval(61)).get()

        let replay = await oauth.refresh(first.refreshToken!, client: client, now: start.addingTimeInterval(120))
        #expect((try? replay.get()) == nil)
        #expect((try? await oauth.validate(second.accessToken, now: start.addingTimeInterval(121)).get()) == nil)
        #expect((try? await oauth.refresh(second.refreshToken!, client: client, now: start.addingTimeInterval(122)).get()) == nil)
        #expect(await recorder.revoked().map(\.reason) == [.refreshReuse])
        #expect(await recorder.revoked().first?.tokensRevoked == 3)
    }

    @Test func configuredLifetimes_overrideTheNetworksDefaults() async throws {
        let recorder = Recorder()
        let oauth = authority(recorder, configuration: .init(accessTokenLifetime: .seconds(2), authorizationCodeLifetime: .seconds(1), refreshTokenLifetime: .seconds(5)))
        let verifier = PKCE.makeVerifier()
        let late = await oauth.issueCode(for: request(scopes: ["offline.access"], verifier: verifier), subject: "u1", now: start)
        #expect((try? await oauth.exchange(code: late, client: client, redirectURI: redirect, verifier: verifier, now: start.addingTimeInterval(1)).get()) == nil)

        let code = await oauth.issueCode(for: request(scopes: ["offline.access"], verifier: verifier), subject: "u1", now: start)
        let grant = try await oauth.exchange(code: code, client: client, redirectURI: redirect, verifier: verifier, now: start).get()
        #expect(grant.expiresIn == 2)
        #expect((try? await oauth.validate(grant.accessToken, now: start.addingTimeInterval(2)).get()) == nil)
        #expect((try? await oauth.refresh(grant.refreshToken!, client: client, now: start.addingTimeInterval(5)).get()) == nil)
        let issued = await recorder.issued()
        #expect(issued.map(\.kind) == [.accessToken, .refreshToken])
        #expect(issued.first?.expiresAt == SandboxTimestamp.rfc3339(start.addingTimeInterval(2)))
    }

    @Test func records_neverHoldTokensOrCodes() async throws {
        let recorder = Recorder()
        let oauth = authority(recorder)
        let verifier = PKCE.makeVerifier()
        let code = await oauth.issueCode(for: request(scopes: ["offline.access"], verifier: verifier), subject: "u1", now: start)
        let grant = try await oauth.exchange(code: code, client: client, redirectURI: redirect, verifier: verifier, now: start).get()
        await oauth.revoke(grant.refreshToken!, hint: "refresh_token", client: client, now: start)
        let encoder = JSONEncoder()
        let text = String(decoding: try encoder.encode(await recorder.issued()) + encoder.encode(await recorder.revoked()), as: UTF8.self)
        for secret in [code, verifier, grant.accessToken, grant.refreshToken!] {
            #expect(!text.contains(secret))
        }
        #expect(await recorder.revoked().first?.tokenTypeHint == "refresh_token")
    }
}
