import Foundation
import OAuth
import Testing

@testable import Sandbox

@Suite struct XAccountStoreTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let url = "http://127.0.0.1:4000/2/tweets"

    func store() -> XAccountStore {
        XAccountStore(verifier: OAuth1Verifier(consumers: [SandboxCredentials.xConsumerKey: SandboxCredentials.xConsumerSecret]))
    }

    func signed(_ grant: XTokenGrant, nonce: String = "n1") -> OAuth1SignedRequest {
        let credentials = OAuth1Credentials(
            consumerKey: SandboxCredentials.xConsumerKey,
            consumerSecret: SandboxCredentials.xConsumerSecret,
            token: grant.oauthToken,
            tokenSecret: grant.oauthTokenSecret
        )
        let header = OAuth1Signer(credentials: credentials)
            .authorizationHeader(method: "POST", url: url, nonce: nonce, timestamp: Int(now.timeIntervalSince1970))
        return OAuth1SignedRequest(method: "POST", url: url, authorization: header)
    }

    @Test func mintToken_twiceForOneUsernameGivesNewPairsForTheSameUser() async {
        let accounts = store()
        let first = await accounts.mintToken(username: "runner", name: nil)
        let second = await accounts.mintToken(username: "runner", name: nil)
        #expect(first.userID == second.userID)
        #expect(first.screenName == "runner")
        #expect(first.oauthToken != second.oauthToken)
        #expect(first.oauthToken.hasPrefix(first.userID + "-"))
        #expect(first.oauthTokenSecret.count == 40)
        let other = await accounts.mintToken(username: "walker", name: nil)
        #expect(other.userID != first.userID)
    }

    @Test func authenticate_acceptsEveryMintedTokenAsItsUser() async throws {
        let accounts = store()
        let first = await accounts.mintToken(username: "runner", name: "Runner")
        let second = await accounts.mintToken(username: "runner", name: nil)
        let a = try await accounts.authenticate(signed(first), now: now).get()
        let b = try await accounts.authenticate(signed(second, nonce: "n2"), now: now).get()
        #expect(a.user == XUser(id: first.userID, name: "Runner", username: "runner"))
        #expect(b.user.id == first.userID)
        #expect(a.oauthToken == first.oauthToken)
        #expect(a.oauthConsumerKey == SandboxCredentials.xConsumerKey)
    }

    @Test func authenticate_refusesAReplayOfTheSameRequest() async throws {
        let accounts = store()
        let grant = await accounts.mintToken(username: "runner", name: nil)
        _ = try await accounts.authenticate(signed(grant), now: now).get()
        let replay = await accounts.authenticate(signed(grant), now: now.addingTimeInterval(1))
        guard case .failure(let rejection) = replay else {
            Issue.record("a replay must be refused")
            return
        }
        #expect(rejection.code == .reusedNonce)
    }

    @Test func usernames_followXsRules() {
        #expect(XMintTokenRequest.isValidUsername("sandbox_user"))
        #expect(XMintTokenRequest.isValidUsername("Runner42"))
        #expect(!XMintTokenRequest.isValidUsername(""))
        #expect(!XMintTokenRequest.isValidUsername("a-b"))
        #expect(!XMintTokenRequest.isValidUsername("sixteen_chars_xx"))
        #expect(!XMintTokenRequest.isValidUsername("ünïcode"))
    }
}
