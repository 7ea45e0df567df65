import Foundation
import OAuth
import Testing

@testable import Sandbox

/// A code is single-use, short-lived, and bound to its client, redirect URI and PKCE challenge.
@Suite struct AuthorizationCodeLedgerTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let verifier = PKCE.makeVerifier()
    let redirect = "http://127.0.0.1:4567/callback"

    func grant(challenge: String? = nil) -> AuthorizationCodeLedger.Grant {
        .init(clientID: "app", redirectURI: redirect, scopes: ["tweet.read"], subject: "u1", codeChallenge: challenge ?? PKCE.challengeS256(verifier: verifier))
    }

    func refusal(_ redemption: AuthorizationCodeLedger.Redemption) -> OAuth2Refusal.Code? {
        switch redemption {
        case .refused(let refusal), .replayed(let refusal, _): refusal.code
        case .granted: nil
        }
    }

    @Test func redeem_acceptsTheMatchingClientRedirectAndVerifierOnce() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        let code = ledger.issue(grant(), now: start)
        #expect(ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: verifier, now: start.addingTimeInterval(59)) == .granted(grant()))
    }

    @Test func redeem_refusesAVerifierThatDoesNotMatchTheChallenge() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        let code = ledger.issue(grant(), now: start)
        #expect(refusal(ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: PKCE.makeVerifier(), now: start)) == .verifierMismatch)
    }

    @Test func redeem_refusesAMissingVerifierWhenTheRequestHadAChallenge() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        let code = ledger.issue(grant(), now: start)
        #expect(refusal(ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: nil, now: start)) == .missingVerifier)
    }

    @Test func redeem_refusesARedirectURIThatIsNotIdentical() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        let code = ledger.issue(grant(), now: start)
        #expect(refusal(ledger.redeem(code, clientID: "app", redirectURI: redirect + "/", verifier: verifier, now: start)) == .redirectMismatch)
        let other = ledger.issue(grant(), now: start)
        #expect(refusal(ledger.redeem(other, clientID: "app", redirectURI: nil, verifier: verifier, now: start)) == .redirectMismatch)
    }

    @Test func redeem_refusesAnotherClient() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        let code = ledger.issue(grant(), now: start)
        #expect(refusal(ledger.redeem(code, clientID: "other", redirectURI: redirect, verifier: verifier, now: start)) == .clientMismatch)
    }

    @Test func redeem_refusesAnExpiredCode() {
        var ledger = AuthorizationCodeLedger(lifetime: 1)
        let code = ledger.issue(grant(), now: start)
        #expect(refusal(ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: verifier, now: start.addingTimeInterval(1))) == .expiredCode)
    }

    @Test func redeem_refusesAnUnknownCode() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        #expect(refusal(ledger.redeem("made-up", clientID: "app", redirectURI: redirect, verifier: verifier, now: start)) == .unknownCode)
    }

    @Test func redeem_reportsAReusedCodeWithTheFamilyItProduced() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        let code = ledger.issue(grant(), now: start)
        _ = ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: verifier, now: start)
        ledger.bind(code, to: TokenFamilyID(value: 7))
        let second = ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: verifier, now: start.addingTimeInterval(1))
        guard case .replayed(let refusal, let family) = second else {
            Issue.record("a second redemption must be reported as a replay")
            return
        }
        #expect(refusal.code == .reusedCode)
        #expect(refusal.code.rfcError == "invalid_grant")
        #expect(family == TokenFamilyID(value: 7))
    }

    @Test func redeem_spendsTheCodeEvenWhenTheVerifierIsWrong() {
        var ledger = AuthorizationCodeLedger(lifetime: 60)
        let code = ledger.issue(grant(), now: start)
        _ = ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: PKCE.makeVerifier(), now: start)
        #expect(refusal(ledger.redeem(code, clientID: "app", redirectURI: redirect, verifier: verifier, now: start)) == .reusedCode)
    }

    @Test func issue_givesUnguessableCodesWithTheNetworksPrefix() {
        var ledger = AuthorizationCodeLedger(lifetime: 60, prefix: "AQ")
        let codes = (0..<50).map { _ in ledger.issue(grant(), now: start) }
        #expect(Set(codes).count == 50)
        #expect(codes.allSatisfy { $0.hasPrefix("AQ") && $0.count == 45 })
    }
}
