import Foundation
import Testing

@testable import Sandbox

/// OAuth 1.0a request tokens: approved once, exchanged once, expiring, and not guessable by PIN.
@Suite struct RequestTokenLedgerTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func outOfBand_givesASevenDigitPIN_andTheTokenRedeemsOnce() throws {
        var ledger = RequestTokenLedger(lifetime: 60)
        let issued = ledger.issue(consumerKey: "ck", callback: .outOfBand, now: start)
        #expect(ledger.secret(of: issued.token, now: start) == issued.secret)
        let (callback, pin) = try ledger.authorize(issued.token, subject: "u1", now: start).get()
        #expect(callback == .outOfBand)
        #expect(pin.count == 7 && pin.allSatisfy(\.isNumber))
        #expect(try ledger.redeem(issued.token, consumerKey: "ck", verifier: pin, now: start).get() == "u1")
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: pin, now: start) == .failure(.invalidToken))
        #expect(ledger.secret(of: issued.token, now: start) == nil)
    }

    @Test func aCallback_getsARandomVerifier() throws {
        var ledger = RequestTokenLedger(lifetime: 60)
        let issued = ledger.issue(consumerKey: "ck", callback: .url("http://127.0.0.1:1/cb"), now: start)
        let (callback, verifier) = try ledger.authorize(issued.token, subject: "u1", now: start).get()
        #expect(callback == .url("http://127.0.0.1:1/cb"))
        #expect(verifier.count == 32)
    }

    @Test func redeem_refusesBeforeApprovalAfterExpiryAndForAnotherConsumer() throws {
        var ledger = RequestTokenLedger(lifetime: 60)
        let issued = ledger.issue(consumerKey: "ck", callback: .outOfBand, now: start)
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: "1234567", now: start) == .failure(.notAuthorized))
        let (_, pin) = try ledger.authorize(issued.token, subject: "u1", now: start).get()
        #expect(ledger.redeem(issued.token, consumerKey: "other", verifier: pin, now: start) == .failure(.consumerMismatch))
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: pin, now: start.addingTimeInterval(60)) == .failure(.invalidToken))
    }

    @Test func threeWrongPINs_burnTheToken() throws {
        var ledger = RequestTokenLedger(lifetime: 60)
        let issued = ledger.issue(consumerKey: "ck", callback: .outOfBand, now: start)
        let (_, pin) = try ledger.authorize(issued.token, subject: "u1", now: start).get()
        let wrong = pin == "0000000" ? "0000001" : "0000000"
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: wrong, now: start) == .failure(.wrongVerifier))
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: wrong, now: start) == .failure(.wrongVerifier))
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: wrong, now: start) == .failure(.wrongVerifier))
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: pin, now: start) == .failure(.invalidToken))
    }

    @Test func aDeniedToken_cannotBeApprovedOrRedeemed() {
        var ledger = RequestTokenLedger(lifetime: 60)
        let issued = ledger.issue(consumerKey: "ck", callback: .outOfBand, now: start)
        #expect(ledger.deny(issued.token, now: start) == .success(.outOfBand))
        #expect((try? ledger.authorize(issued.token, subject: "u1", now: start).get()) == nil)
        #expect(ledger.redeem(issued.token, consumerKey: "ck", verifier: "1234567", now: start) == .failure(.notAuthorized))
    }
}
