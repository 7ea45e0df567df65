#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One network's authorization server: codes, tokens, refresh rotation and revocation, recorded as they happen.
///
/// An actor because the code and token ledgers change together (a replayed code revokes the family
/// it produced). Every state change happens before the first `await`, so a concurrent request
/// sees either all of it or none. The X, Facebook and LinkedIn emulations each own one.
actor OAuth2Authority {
    nonisolated let profile: OAuth2Profile
    nonisolated let clientAuthenticator: ClientAuthenticator
    private let recorder: Recorder
    private var codes: AuthorizationCodeLedger
    private var tokens: TokenLedger

    init(profile: OAuth2Profile, recorder: Recorder) {
        self.profile = profile
        self.recorder = recorder
        self.clientAuthenticator = ClientAuthenticator(profile.clients)
        self.codes = AuthorizationCodeLedger(lifetime: profile.codeLifetime.timeInterval, prefix: profile.codePrefix)
        self.tokens = TokenLedger(prefix: profile.tokenPrefix)
    }

    /// Issues an authorization code for an approved request, on behalf of `subject`.
    func issueCode(for request: AuthorizationRequest, subject: String, now: Date) -> String {
        codes.issue(
            .init(clientID: request.clientID, redirectURI: request.redirectURI, scopes: request.scopes, subject: subject, codeChallenge: request.codeChallenge),
            now: now
        )
    }

    /// Exchanges a code for tokens (RFC 6749 §4.1.3); a replayed code revokes what it produced.
    func exchange(code: String, client: RegisteredClient, redirectURI: String?, verifier: String?, now: Date) async -> Result<TokenGrant, OAuth2Refusal> {
        switch codes.redeem(code, clientID: client.id, redirectURI: redirectURI, verifier: verifier, now: now) {
        case .refused(let refusal):
            return .failure(refusal)
        case .replayed(let refusal, let family):
            if let family {
                let count = tokens.revokeFamily(family, reason: .codeReuse, now: now)
                await record(revocation: .codeReuse, hint: nil, count: count, now: now)
            }
            return .failure(refusal)
        case .granted(let grant):
            let family = tokens.openFamily(clientID: client.id, subject: grant.subject, scopes: grant.scopes)
            codes.bind(code, to: family)
            return .success(await issuePair(in: family, scopes: grant.scopes, subject: grant.subject, grant: "authorization_code", now: now))
        }
    }

    /// Rotates a refresh token (RFC 6749 §6): a new pair, the old refresh token retired; a replay revokes the family.
    func refresh(_ refreshToken: String, client: RegisteredClient, now: Date) async -> Result<TokenGrant, OAuth2Refusal> {
        switch tokens.rotate(refreshToken, clientID: client.id, now: now) {
        case .refused(let refusal):
            return .failure(refusal)
        case .replayed(let refusal, let family):
            let count = tokens.revokeFamily(family, reason: .refreshReuse, now: now)
            await record(revocation: .refreshReuse, hint: "refresh_token", count: count, now: now)
            return .failure(refusal)
        case .rotated(let family, let subject, let scopes):
            return .success(await issuePair(in: family, scopes: scopes, subject: subject, grant: "refresh_token", now: now))
        }
    }

    /// Starts a new authorization without a browser, as a developer portal's token tool does; no refresh token.
    ///
    /// - Parameter lifetime: `nil` for a token that does not expire on its own.
    func mint(clientID: String, subject: String, scopes: [String], lifetime: Duration?, now: Date) async -> TokenGrant {
        let family = tokens.openFamily(clientID: clientID, subject: subject, scopes: scopes)
        let issued = await issueAccessToken(in: family, lifetime: lifetime, grant: "sandbox_mint", now: now)
        return TokenGrant(accessToken: issued.token, expiresIn: lifetime?.wholeSeconds, scopes: scopes, subject: subject, family: family)
    }

    /// Issues one more access token in an existing family (a long-lived or Page token on Facebook).
    ///
    /// - Parameters:
    ///   - lifetime: `nil` for a token that does not expire on its own.
    ///   - notAfter: a cap on the expiry (a Page token never outlives a short-lived user token).
    func issueAccessToken(in family: TokenFamilyID, principal: String? = nil, lifetime: Duration?, notAfter: Date? = nil, grant: String, now: Date) async -> (token: String, expiresAt: Date?) {
        var expiresAt = lifetime.map { now.addingTimeInterval($0.timeInterval) }
        if let notAfter { expiresAt = min(expiresAt ?? notAfter, notAfter) }
        let token = tokens.issueAccessToken(in: family, principal: principal, expiresAt: expiresAt, grant: grant)
        await recorder.rememberSecret(token)
        await record(.accessToken, expiresAt: expiresAt, grant: grant, now: now)
        return (token, expiresAt)
    }

    /// What an access token stands for, or why it is refused.
    func validate(_ accessToken: String, now: Date) -> Result<TokenInfo, OAuth2Refusal> {
        tokens.validate(accessToken, now: now)
    }

    /// Revokes a token at the client's request (RFC 7009); returns how many tokens stopped working.
    @discardableResult
    func revoke(_ token: String, hint: String?, client: RegisteredClient, now: Date) async -> Int {
        let count = tokens.revoke(token, clientID: client.id, reason: .revokeEndpoint, now: now)
        await record(revocation: .revokeEndpoint, hint: hint, count: count, now: now)
        return count
    }

    /// Takes one permission back from what `subject` granted `clientID` (Graph's `DELETE /{user-id}/permissions/{permission}`).
    @discardableResult
    func withdraw(_ scope: String, subject: String, clientID: String) -> Int {
        tokens.withdraw(scope, subject: subject, clientID: clientID)
    }

    /// Revokes everything `subject` granted to `clientID`, as when the person removes the app.
    @discardableResult
    func revokeAll(subject: String, clientID: String, reason: TokenRevocation.Reason, now: Date) async -> Int {
        let count = tokens.revokeSubject(subject, clientID: clientID, reason: reason, now: now)
        await record(revocation: reason, hint: nil, count: count, now: now)
        return count
    }

    /// The access token (and, when the profile says so, refresh token) for `family`, recorded.
    private func issuePair(in family: TokenFamilyID, scopes: [String], subject: String, grant: String, now: Date) async -> TokenGrant {
        let expiresAt = profile.accessTokenLifetime.map { now.addingTimeInterval($0.timeInterval) }
        let access = tokens.issueAccessToken(in: family, expiresAt: expiresAt, grant: grant)
        var refresh: String?
        var refreshExpiresAt: Date?
        if case .withScope(let scope) = profile.refreshTokens, scopes.contains(scope) {
            refreshExpiresAt = profile.refreshTokenLifetime.map { now.addingTimeInterval($0.timeInterval) }
            refresh = tokens.issueRefreshToken(in: family, expiresAt: refreshExpiresAt)
        }
        await recorder.rememberSecret(access)
        await record(.accessToken, expiresAt: expiresAt, grant: grant, now: now)
        if let refresh {
            await recorder.rememberSecret(refresh)
            await record(.refreshToken, expiresAt: refreshExpiresAt, grant: grant, now: now)
        }
        return TokenGrant(
            accessToken: access,
            expiresIn: profile.accessTokenLifetime?.wholeSeconds,
            refreshToken: refresh,
            scopes: scopes,
            subject: subject,
            family: family
        )
    }

    private func record(_ kind: IssuedToken.Kind, expiresAt: Date?, grant: String, now: Date) async {
        await recorder.record(IssuedToken(
            network: profile.network,
            kind: kind,
            issuedAt: SandboxTimestamp.rfc3339(now),
            expiresAt: expiresAt.map(SandboxTimestamp.rfc3339),
            grant: grant
        ))
    }

    private func record(revocation reason: TokenRevocation.Reason, hint: String?, count: Int, now: Date) async {
        await recorder.record(TokenRevocation(
            network: profile.network,
            revokedAt: SandboxTimestamp.rfc3339(now),
            tokenTypeHint: hint,
            reason: reason,
            tokensRevoked: count
        ))
    }
}
