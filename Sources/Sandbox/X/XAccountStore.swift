#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// The sandbox X's users, the OAuth 1.0a access tokens issued to them, and the nonces already used.
///
/// One actor for all three because verifying a request reads the tokens and updates the nonces in
/// one step; split, two replays of one request could both pass the nonce check.
actor XAccountStore {
    private struct TokenPair: Sendable {
        var secret: String
        var userID: String
        /// `read`, `read-write` or `read-write-directmessages`: the app's permissions when the token was made.
        var accessLevel: String
    }

    private let verifier: OAuth1Verifier
    private var nonces: NonceCache
    private var users: [String: XUser] = [:]
    private var userIDsByUsername: [String: String] = [:]
    private var tokens: [String: TokenPair] = [:]
    private var numbering = UserNumbering()

    /// The first sandbox user id; large like X's so no code assumes small ids.
    static let firstUserID: Int64 = 1_700_000_000_000_000_000

    init(verifier: OAuth1Verifier) {
        self.verifier = verifier
        self.nonces = verifier.makeNonceCache()
    }

    /// Issues a new access token pair for `username`, creating the user on first use, at `accessLevel`.
    func mintToken(username: String, name: String?, accessLevel: String = "read-write") -> XTokenGrant {
        issueToken(for: user(named: username, displayName: name), accessLevel: accessLevel)
    }

    /// Issues a new access token pair for an existing user (the end of the three-legged flow).
    func issueToken(userID: String) -> XTokenGrant? {
        users[userID].map { issueToken(for: $0) }
    }

    /// Verifies an OAuth 1.0a user-context request and returns who made it.
    func authenticate(_ request: OAuth1SignedRequest, now: Date) -> Result<XPrincipal, OAuth1Rejection> {
        let verdict = verifier.verify(request, requireToken: true, tokenSecret: { tokens[$0]?.secret }, now: now, nonces: &nonces)
        return verdict.flatMap { identity in
            guard let token = identity.token, let issued = tokens[token], let user = users[issued.userID] else {
                return .failure(OAuth1Rejection(code: .unknownToken, message: "The oauth_token belongs to no sandbox user."))
            }
            return .success(XPrincipal(user: user, credential: .oauth1(consumerKey: identity.consumerKey, token: token), accessLevel: issued.accessLevel))
        }
    }

    /// Forgets an access token so it no longer authenticates; `false` when it was unknown.
    func invalidate(token: String) -> Bool {
        tokens.removeValue(forKey: token) != nil
    }

    /// The user with this id, if any.
    func user(id: String) -> XUser? {
        users[id]
    }

    /// The user called `username`, created when new with the id its name gives (``UserNumbering``);
    /// `displayName` renames an existing one.
    func user(named username: String, displayName: String? = nil) -> XUser {
        if let id = userIDsByUsername[username.lowercased()], var user = users[id] {
            if let displayName { user.name = displayName; users[id] = user }
            return user
        }
        let id = String(Self.firstUserID + numbering.number(for: username))
        let user = XUser(id: id, name: displayName ?? "Sandbox \(username)", username: username)
        users[id] = user
        userIDsByUsername[username.lowercased()] = id
        return user
    }

    private func issueToken(for user: XUser, accessLevel: String = "read-write") -> XTokenGrant {
        let token = "\(user.id)-\(SecureRandom.alphanumeric(40))"
        let secret = SecureRandom.alphanumeric(40)
        tokens[token] = TokenPair(secret: secret, userID: user.id, accessLevel: accessLevel)
        return XTokenGrant(userID: user.id, screenName: user.username, oauthToken: token, oauthTokenSecret: secret)
    }
}
