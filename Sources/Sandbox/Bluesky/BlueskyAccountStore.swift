#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// The sandbox PDS's accounts, app passwords and sessions.
///
/// One actor because a login reads the passwords and writes the tokens, and a refresh rotates a token
/// in one step: two concurrent refreshes with one token must get the same next token, not two.
/// Tokens are opaque random strings, not JWTs: a client must treat them as opaque anyway.
actor BlueskyAccountStore {
    private struct AccessGrant: Sendable {
        var did: String
        var expires: Date
    }

    private struct RefreshGrant: Sendable {
        var did: String
        var expires: Date
        /// The app password it was made with; revoking that password ends the grant.
        var appPassword: String?
        /// Set once rotated: the token that replaced this one, and until when this one is still honoured.
        var replacedBy: String?
        var graceUntil: Date?
    }

    /// Access tokens live 120 minutes (`createAccessToken`, '120mins').
    static let accessLifetime: TimeInterval = 120 * 60
    /// Refresh tokens live 90 days (`createRefreshToken`, '90days').
    static let refreshLifetime: TimeInterval = 90 * 86_400
    /// A rotated refresh token is still accepted for 2 hours (`REFRESH_GRACE_MS`).
    static let refreshGrace: TimeInterval = 2 * 3_600

    private var accounts: [String: BlueskyAccount] = [:]
    private var didsByHandle: [String: String] = [:]
    /// App passwords by DID, by name.
    private var appPasswords: [String: [String: String]] = [:]
    private var access: [String: AccessGrant] = [:]
    private var refresh: [String: RefreshGrant] = [:]
    /// Refresh tokens ended by a revoked app password: refreshSession says "Token has been revoked", not "unknown".
    private var revokedRefresh: Set<String> = []
    private var loginLimiter: BlueskyPointsLimiter

    init(loginLimits: [BlueskyRateLimit] = [.sessionsPerFiveMinutes, .sessionsPerDay]) {
        self.loginLimiter = BlueskyPointsLimiter(loginLimits)
    }

    /// Creates an account (the helper API); the DID is a `did:plc:` of 24 base32 characters taken from the handle
    /// (``did(for:taken:)``), so the same person has the same DID in every sandbox.
    ///
    /// - Throws: ``XRPCError`` when the handle is taken or not a domain name.
    func createAccount(handle: String, password: String) throws(XRPCError) -> BlueskyAccount {
        let handle = handle.lowercased()
        guard Self.isValidHandle(handle) else { throw .invalidRequest("Invalid handle: \(handle)") }
        guard didsByHandle[handle] == nil else { throw XRPCError(status: 400, error: "HandleNotAvailable", message: "Handle already taken: \(handle)") }
        guard !password.isEmpty else { throw .invalidRequest("A password is required") }
        let did = Self.did(for: handle, taken: Set(accounts.keys))
        let account = BlueskyAccount(did: did, handle: handle, password: password)
        accounts[did] = account
        didsByHandle[handle] = did
        return account
    }

    /// The DID of `handle`: `did:plc:` and the first 120 bits of SHA-256 of the handle in base32 (24 characters, as
    /// PLC's are), the same in every sandbox, so relinking a person after a restart lands on their account in the daemon
    /// (which knows accounts by their DID). A DID `taken` by another handle (odds of one in 2^120) hashes again.
    static func did(for handle: String, taken: Set<String> = []) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        var input = Array(handle.lowercased().utf8)
        while true {
            let digest = Digest.sha256(input)
            var bits = 0
            var value = 0
            var characters: [Character] = []
            for byte in digest where characters.count < 24 {
                value = (value << 8) | Int(byte)
                bits += 8
                while bits >= 5, characters.count < 24 {
                    bits -= 5
                    characters.append(alphabet[(value >> bits) & 31])
                }
                value &= (1 << bits) - 1
            }
            let did = "did:plc:" + String(characters)
            if !taken.contains(did) { return did }
            input = digest
        }
    }

    /// Creates an app password `xxxx-xxxx-xxxx-xxxx` called `name` for the account `identifier` names.
    func createAppPassword(identifier: String, name: String) throws(XRPCError) -> String {
        guard let account = self.account(identifier) else { throw .invalidRequest("Unknown account: \(identifier)") }
        guard appPasswords[account.did]?[name] == nil else { throw .invalidRequest("App password name already in use: \(name)") }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        let password = (0..<4).map { _ in SecureRandom.string(4, from: alphabet) }.joined(separator: "-")
        appPasswords[account.did, default: [:]][name] = password
        return password
    }

    /// Revokes an app password: later logins with it fail and its refresh tokens end. Its access tokens are
    /// stateless in the reference and stay valid until they expire, so they do here too.
    func revokeAppPassword(identifier: String, name: String) throws(XRPCError) {
        guard let account = self.account(identifier), let password = appPasswords[account.did]?.removeValue(forKey: name) else {
            throw .invalidRequest("Unknown app password: \(name)")
        }
        for (token, grant) in refresh where grant.did == account.did && grant.appPassword == password {
            refresh[token] = nil
            revokedRefresh.insert(token)
        }
    }

    /// The DID of `handle`, if it is an account here.
    func resolve(handle: String) -> String? {
        didsByHandle[handle.lowercased()]
    }

    /// The account a handle or DID names.
    func account(_ identifier: String) -> BlueskyAccount? {
        if identifier.hasPrefix("did:") { return accounts[identifier] }
        return didsByHandle[identifier.lowercased()].flatMap { accounts[$0] }
    }

    /// Every account's handle by DID, for checking mentions.
    func handlesByDID() -> [String: String] {
        accounts.mapValues(\.handle)
    }

    /// createSession: the rate limit first, then the password (main or app password).
    ///
    /// The limit is kept per account (the docs say "per account"; the code keys on identifier and IP), so logging
    /// in by handle and by DID in turn does not double it; an unknown identifier is counted by itself.
    func createSession(identifier: String, password: String, now: Date) -> (Result<BlueskySession, XRPCError>, BlueskyRateLimitStatus) {
        let limit = loginLimiter.consume(1, key: self.account(identifier)?.did ?? identifier.lowercased(), now: now)
        guard limit.allowed else { return (.failure(.rateLimited), limit) }
        guard let account = self.account(identifier) else { return (.failure(.invalidCredentials), limit) }
        let isMain = ConstantTime.equals(account.password, password)
        let appPassword = appPasswords[account.did]?.values.first { ConstantTime.equals($0, password) }
        guard isMain || appPassword != nil else { return (.failure(.invalidCredentials), limit) }
        return (.success(issue(for: account, appPassword: isMain ? nil : appPassword, now: now)), limit)
    }

    /// refreshSession with the refresh token `token`: a new pair, and the old token honoured for 2 hours more
    /// (a reuse in that window gets the same next refresh token, as the reference's rotation does).
    func refreshSession(_ token: String, now: Date) -> Result<BlueskySession, XRPCError> {
        if revokedRefresh.contains(token) { return .failure(.revokedToken) }
        guard var grant = refresh[token], let account = accounts[grant.did] else {
            return .failure(access[token] != nil ? .invalidToken("Invalid token type") : .invalidToken())
        }
        guard now < grant.expires else { return .failure(.expiredToken) }
        if let next = grant.replacedBy, let graceUntil = grant.graceUntil {
            guard now < graceUntil, refresh[next] != nil else { return .failure(.revokedToken) }
            let accessToken = newAccessToken(did: account.did, now: now)
            return .success(BlueskySession(accessJwt: accessToken, refreshJwt: next, handle: account.handle, did: account.did))
        }
        let session = issue(for: account, appPassword: grant.appPassword, now: now)
        grant.replacedBy = session.refreshJwt
        grant.graceUntil = min(now.addingTimeInterval(Self.refreshGrace), grant.expires)
        refresh[token] = grant
        return .success(session)
    }

    /// The DID an access token acts for: 401 with none, 400 `InvalidToken` when unknown (or a refresh token),
    /// 400 `ExpiredToken` when older than 120 minutes.
    func authenticate(_ token: String?, now: Date) -> Result<BlueskyAccount, XRPCError> {
        guard let token else { return .failure(.authMissing) }
        guard let grant = access[token] else {
            return .failure(refresh[token] != nil ? .invalidToken("Bad token scope") : .invalidToken())
        }
        guard now < grant.expires else { return .failure(.expiredToken) }
        guard let account = accounts[grant.did] else { return .failure(.invalidToken()) }
        return .success(account)
    }

    /// deleteSession with the refresh token `token`: the grant ends, and every access token of the account with it.
    func deleteSession(_ token: String) -> Result<Void, XRPCError> {
        guard let grant = refresh.removeValue(forKey: token) else { return .failure(.invalidToken()) }
        revokedRefresh.insert(token)
        if let next = grant.replacedBy { refresh[next] = nil; revokedRefresh.insert(next) }
        access = access.filter { $0.value.did != grant.did }
        return .success(())
    }

    /// What the fault injector needs of an access token: whose, and that a refresh can replace it.
    func bearerFacts(_ token: String) -> BearerFacts? {
        guard let grant = access[token] else { return nil }
        return BearerFacts(token: token, account: grant.did, refreshable: true)
    }

    private func issue(for account: BlueskyAccount, appPassword: String?, now: Date) -> BlueskySession {
        let accessToken = newAccessToken(did: account.did, now: now)
        let refreshToken = "ref-" + SecureRandom.alphanumeric(48)
        refresh[refreshToken] = RefreshGrant(did: account.did, expires: now.addingTimeInterval(Self.refreshLifetime), appPassword: appPassword)
        return BlueskySession(accessJwt: accessToken, refreshJwt: refreshToken, handle: account.handle, did: account.did)
    }

    private func newAccessToken(did: String, now: Date) -> String {
        let token = "acc-" + SecureRandom.alphanumeric(48)
        access[token] = AccessGrant(did: did, expires: now.addingTimeInterval(Self.accessLifetime))
        return token
    }

    /// A handle is a domain name (atproto.com/specs/handle): at least two labels of letters, digits and
    /// hyphens, 1–63 characters each, not starting or ending with a hyphen, the last not starting with a digit.
    static func isValidHandle(_ handle: String) -> Bool {
        guard handle.utf8.count <= 253 else { return false }
        let labels = handle.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, let first = last.first, !first.isNumber else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }
        }
    }
}
