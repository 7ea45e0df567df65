#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// Identifies one authorization: every access and refresh token descended from one consent.
struct TokenFamilyID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    var description: String { "family-\(value)" }
}

/// What an access token stands for, as a resource server needs to know it.
struct TokenInfo: Sendable, Equatable {
    var family: TokenFamilyID
    var clientID: String
    /// The user or member who consented.
    var subject: String
    /// Whom the token acts as: the subject, or a Facebook Page for a Page token.
    var principal: String
    var scopes: [String]
    var expiresAt: Date?
    /// How the token was obtained (`authorization_code`, `fb_exchange_token`, …).
    var grant: String
}

/// The access and refresh tokens one server issued, grouped in families, with rotation and revocation.
///
/// A value type so tests drive it with any clock; ``OAuth2Authority`` owns the live one. Refresh
/// tokens rotate: using one retires it, and presenting a retired one again revokes the whole
/// family, because either the client or a thief is replaying it (OAuth 2.0 Security BCP §4.14).
struct TokenLedger: Sendable {
    private struct Family: Sendable {
        var clientID: String
        var subject: String
        var scopes: [String]
        var accessTokens: [String] = []
        var refreshTokens: [String] = []
    }

    private struct AccessToken: Sendable {
        var family: TokenFamilyID
        var principal: String
        var expiresAt: Date?
        var grant: String
        var revoked: TokenRevocation.Reason?
    }

    private enum RefreshState: Sendable, Equatable {
        case active
        case rotated
        case revoked(TokenRevocation.Reason)
    }

    private struct RefreshToken: Sendable {
        var family: TokenFamilyID
        var expiresAt: Date?
        var state: RefreshState
    }

    /// Prepended to each token, so tokens look like the network's (`EAA…` on Facebook, `AQ…` on LinkedIn).
    let prefix: String
    private var families: [TokenFamilyID: Family] = [:]
    private var access: [String: AccessToken] = [:]
    private var refresh: [String: RefreshToken] = [:]
    private var nextFamily = 1

    init(prefix: String = "") {
        self.prefix = prefix
    }

    /// Starts a family for one consent.
    mutating func openFamily(clientID: String, subject: String, scopes: [String]) -> TokenFamilyID {
        let id = TokenFamilyID(value: nextFamily)
        nextFamily += 1
        families[id] = Family(clientID: clientID, subject: subject, scopes: scopes)
        return id
    }

    /// Issues an access token in `family`, acting as `principal` (the subject when `nil`).
    mutating func issueAccessToken(in family: TokenFamilyID, principal: String? = nil, expiresAt: Date?, grant: String) -> String {
        let token = prefix + SecureRandom.alphanumeric(64)
        access[token] = AccessToken(family: family, principal: principal ?? families[family]?.subject ?? "", expiresAt: expiresAt, grant: grant)
        families[family]?.accessTokens.append(token)
        return token
    }

    /// Issues a refresh token in `family`.
    mutating func issueRefreshToken(in family: TokenFamilyID, expiresAt: Date?) -> String {
        let token = prefix + SecureRandom.alphanumeric(64)
        refresh[token] = RefreshToken(family: family, expiresAt: expiresAt, state: .active)
        families[family]?.refreshTokens.append(token)
        return token
    }

    /// What `token` stands for, or why it does not work (unknown, expired, revoked).
    func validate(_ token: String, now: Date) -> Result<TokenInfo, OAuth2Refusal> {
        guard let entry = access[token], let family = families[entry.family] else {
            return .failure(OAuth2Refusal(.unknownToken, "The access token is not one this network issued."))
        }
        if let reason = entry.revoked {
            return .failure(OAuth2Refusal(.revokedToken, "The access token has been revoked.", revocationReason: reason))
        }
        if let expiresAt = entry.expiresAt, now >= expiresAt {
            return .failure(OAuth2Refusal(.expiredToken, "The access token expired at \(SandboxTimestamp.rfc3339(expiresAt)).", expiredAt: expiresAt))
        }
        return .success(TokenInfo(
            family: entry.family,
            clientID: family.clientID,
            subject: family.subject,
            principal: entry.principal,
            scopes: family.scopes,
            expiresAt: entry.expiresAt,
            grant: entry.grant
        ))
    }

    /// The outcome of presenting a refresh token.
    enum Rotation: Sendable, Equatable {
        /// The token was good and is now retired; issue the family's next pair.
        case rotated(TokenFamilyID, subject: String, scopes: [String])
        /// Refused; nothing else changes.
        case refused(OAuth2Refusal)
        /// A retired token came back: refused, and the family must be revoked.
        case replayed(OAuth2Refusal, family: TokenFamilyID)
    }

    /// Retires `token` so the family's next pair can be issued, or says why it cannot be used.
    mutating func rotate(_ token: String, clientID: String, now: Date) -> Rotation {
        guard var entry = refresh[token], let family = families[entry.family] else {
            return .refused(OAuth2Refusal(.unknownRefreshToken, "The refresh token is not valid."))
        }
        guard family.clientID == clientID else {
            return .refused(OAuth2Refusal(.clientMismatch, "The refresh token was issued to another client."))
        }
        switch entry.state {
        case .rotated:
            return .replayed(OAuth2Refusal(.reusedRefreshToken, "The refresh token was already used; every token of this authorization is now revoked."), family: entry.family)
        case .revoked(let reason):
            return .refused(OAuth2Refusal(.revokedRefreshToken, "The refresh token has been revoked.", revocationReason: reason))
        case .active:
            break
        }
        if let expiresAt = entry.expiresAt, now >= expiresAt {
            return .refused(OAuth2Refusal(.expiredRefreshToken, "The refresh token has expired."))
        }
        entry.state = .rotated
        refresh[token] = entry
        return .rotated(entry.family, subject: family.subject, scopes: family.scopes)
    }

    /// Revokes every token of `family` that still worked; returns how many.
    mutating func revokeFamily(_ id: TokenFamilyID, reason: TokenRevocation.Reason, now: Date) -> Int {
        guard let family = families[id] else { return 0 }
        var count = 0
        for token in family.accessTokens where revokeAccess(token, reason: reason, now: now) { count += 1 }
        for token in family.refreshTokens where revokeRefresh(token, reason: reason, now: now) { count += 1 }
        return count
    }

    /// Revokes `token` for `clientID` (RFC 7009): a refresh token takes its family with it, an access
    /// token goes alone. Unknown tokens and other clients' tokens revoke nothing.
    mutating func revoke(_ token: String, clientID: String, reason: TokenRevocation.Reason, now: Date) -> Int {
        if let entry = refresh[token], families[entry.family]?.clientID == clientID {
            return revokeFamily(entry.family, reason: reason, now: now)
        }
        if let entry = access[token], families[entry.family]?.clientID == clientID {
            return revokeAccess(token, reason: reason, now: now) ? 1 : 0
        }
        return 0
    }

    /// Takes `scope` back from every family `subject` granted to `clientID`: the person removed one permission in their
    /// settings; the tokens keep working without it. Returns how many families had it.
    mutating func withdraw(_ scope: String, subject: String, clientID: String) -> Int {
        var count = 0
        for (id, family) in families where family.subject == subject && family.clientID == clientID && family.scopes.contains(scope) {
            families[id]?.scopes.removeAll { $0 == scope }
            count += 1
        }
        return count
    }

    /// Revokes every family `subject` granted to `clientID`: the person removed the app.
    mutating func revokeSubject(_ subject: String, clientID: String, reason: TokenRevocation.Reason, now: Date) -> Int {
        families.filter { $0.value.subject == subject && $0.value.clientID == clientID }.keys
            .reduce(0) { $0 + revokeFamily($1, reason: reason, now: now) }
    }

    /// Marks a working access token revoked; `false` when it was already dead.
    private mutating func revokeAccess(_ token: String, reason: TokenRevocation.Reason, now: Date) -> Bool {
        guard var entry = access[token], entry.revoked == nil else { return false }
        let wasLive = entry.expiresAt.map { now < $0 } ?? true
        entry.revoked = reason
        access[token] = entry
        return wasLive
    }

    /// Marks an active refresh token revoked; `false` when it was already rotated, revoked or expired.
    private mutating func revokeRefresh(_ token: String, reason: TokenRevocation.Reason, now: Date) -> Bool {
        guard var entry = refresh[token] else { return false }
        let wasLive = entry.state == .active && (entry.expiresAt.map { now < $0 } ?? true)
        if entry.state == .active || entry.state == .rotated { entry.state = .revoked(reason) }
        refresh[token] = entry
        return wasLive
    }
}
