import Foundation
import Testing

@testable import Sandbox

/// Access tokens expire and can be revoked; refresh tokens rotate, and a replayed one takes its family down.
@Suite struct TokenLedgerTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func code(_ result: Result<TokenInfo, OAuth2Refusal>) -> OAuth2Refusal.Code? {
        if case .failure(let refusal) = result { return refusal.code }
        return nil
    }

    @Test func validate_describesALiveTokenAndRefusesItOnceExpired() throws {
        var ledger = TokenLedger()
        let family = ledger.openFamily(clientID: "app", subject: "u1", scopes: ["users.read"])
        let token = ledger.issueAccessToken(in: family, expiresAt: start.addingTimeInterval(7_200), grant: "authorization_code")
        let info = try ledger.validate(token, now: start.addingTimeInterval(7_199)).get()
        #expect(info == TokenInfo(family: family, clientID: "app", subject: "u1", principal: "u1", scopes: ["users.read"], expiresAt: start.addingTimeInterval(7_200), grant: "authorization_code"))
        #expect(code(ledger.validate(token, now: start.addingTimeInterval(7_200))) == .expiredToken)
        #expect(code(ledger.validate("unknown", now: start)) == .unknownToken)
    }

    @Test func rotate_retiresTheRefreshTokenSoItWorksOnlyOnce() {
        var ledger = TokenLedger()
        let family = ledger.openFamily(clientID: "app", subject: "u1", scopes: ["offline.access"])
        let refresh = ledger.issueRefreshToken(in: family, expiresAt: nil)
        #expect(ledger.rotate(refresh, clientID: "app", now: start) == .rotated(family, subject: "u1", scopes: ["offline.access"]))
        guard case .replayed(let refusal, let replayed) = ledger.rotate(refresh, clientID: "app", now: start) else {
            Issue.record("a rotated refresh token must be reported as a replay")
            return
        }
        #expect(refusal.code == .reusedRefreshToken)
        #expect(replayed == family)
    }

    @Test func revokeFamily_afterAReplay_endsEveryTokenDescendedFromTheConsent() {
        var ledger = TokenLedger()
        let family = ledger.openFamily(clientID: "app", subject: "u1", scopes: [])
        let firstAccess = ledger.issueAccessToken(in: family, expiresAt: nil, grant: "authorization_code")
        let firstRefresh = ledger.issueRefreshToken(in: family, expiresAt: nil)
        _ = ledger.rotate(firstRefresh, clientID: "app", now: start)
        let secondAccess = ledger.issueAccessToken(in: family, expiresAt: nil, grant: "refresh_token")
        let secondRefresh = ledger.issueRefreshToken(in: family, expiresAt: nil)
        let unrelated = ledger.issueAccessToken(in: ledger.openFamily(clientID: "app", subject: "u1", scopes: []), expiresAt: nil, grant: "authorization_code")

        #expect(ledger.revokeFamily(family, reason: .refreshReuse, now: start) == 3)
        #expect(code(ledger.validate(firstAccess, now: start)) == .revokedToken)
        #expect(code(ledger.validate(secondAccess, now: start)) == .revokedToken)
        #expect(ledger.rotate(secondRefresh, clientID: "app", now: start) == .refused(OAuth2Refusal(.revokedRefreshToken, "The refresh token has been revoked.", revocationReason: .refreshReuse)))
        #expect(code(ledger.validate(unrelated, now: start)) == nil)
    }

    @Test func rotate_refusesAnotherClientsOrAnExpiredRefreshToken() {
        var ledger = TokenLedger()
        let family = ledger.openFamily(clientID: "app", subject: "u1", scopes: [])
        let refresh = ledger.issueRefreshToken(in: family, expiresAt: start.addingTimeInterval(10))
        guard case .refused(let other) = ledger.rotate(refresh, clientID: "thief", now: start),
            case .refused(let expired) = ledger.rotate(refresh, clientID: "app", now: start.addingTimeInterval(10))
        else {
            Issue.record("both must be refused without touching the family")
            return
        }
        #expect(other.code == .clientMismatch)
        #expect(expired.code == .expiredRefreshToken)
    }

    @Test func revoke_aRefreshTokenTakesItsFamily_anAccessTokenGoesAlone() {
        var ledger = TokenLedger()
        let family = ledger.openFamily(clientID: "app", subject: "u1", scopes: [])
        let access = ledger.issueAccessToken(in: family, expiresAt: nil, grant: "authorization_code")
        let otherAccess = ledger.issueAccessToken(in: family, expiresAt: nil, grant: "authorization_code")
        let refresh = ledger.issueRefreshToken(in: family, expiresAt: nil)

        #expect(ledger.revoke(access, clientID: "app", reason: .revokeEndpoint, now: start) == 1)
        #expect(code(ledger.validate(otherAccess, now: start)) == nil)
        #expect(ledger.revoke(access, clientID: "app", reason: .revokeEndpoint, now: start) == 0)
        #expect(ledger.revoke(refresh, clientID: "someone-else", reason: .revokeEndpoint, now: start) == 0)
        #expect(ledger.revoke(refresh, clientID: "app", reason: .revokeEndpoint, now: start) == 2)
        #expect(code(ledger.validate(otherAccess, now: start)) == .revokedToken)
    }

    @Test func revokeSubject_endsEveryFamilyThePersonGrantedThatApp() {
        var ledger = TokenLedger()
        let one = ledger.issueAccessToken(in: ledger.openFamily(clientID: "app", subject: "u1", scopes: []), expiresAt: nil, grant: "authorization_code")
        let page = ledger.issueAccessToken(in: ledger.openFamily(clientID: "app", subject: "u1", scopes: []), principal: "page-1", expiresAt: nil, grant: "page_token")
        let otherPerson = ledger.issueAccessToken(in: ledger.openFamily(clientID: "app", subject: "u2", scopes: []), expiresAt: nil, grant: "authorization_code")
        #expect(ledger.revokeSubject("u1", clientID: "app", reason: .permissionsDeleted, now: start) == 2)
        guard case .failure(let refusal) = ledger.validate(page, now: start) else {
            Issue.record("the Page token must be revoked too")
            return
        }
        #expect(refusal.revocationReason == .permissionsDeleted)
        #expect(code(ledger.validate(one, now: start)) == .revokedToken)
        #expect(code(ledger.validate(otherPerson, now: start)) == nil)
    }

    @Test func revokeFamily_doesNotCountTokensThatHadAlreadyExpired() {
        var ledger = TokenLedger()
        let family = ledger.openFamily(clientID: "app", subject: "u1", scopes: [])
        _ = ledger.issueAccessToken(in: family, expiresAt: start, grant: "authorization_code")
        _ = ledger.issueAccessToken(in: family, expiresAt: nil, grant: "authorization_code")
        #expect(ledger.revokeFamily(family, reason: .codeReuse, now: start.addingTimeInterval(1)) == 1)
    }
}
