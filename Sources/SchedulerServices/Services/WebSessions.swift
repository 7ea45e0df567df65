import CryptoPrimitives
import Foundation
import SchedulerCore
import SchedulerDomain

/// Signing in and out of the web app, and what a cookie is worth: a session lasts 12 hours from its last use and 7
/// days at most; the cookie holds 32 random bytes whose SHA-256 is what the store keeps. A wrong name and a wrong
/// password get the same answer after the same work (a hash is checked either way), so a login says nothing of who
/// has an account.
package actor WebSessions {
    package let store: any WebUserStore
    package let now: @Sendable () -> Date
    /// Checks a password against a stored hash: scrypt on a thread of its own; a test counts the checks through it.
    package let verify: @Sendable (_ password: String, _ hash: String) async -> Bool
    private var throttle = LoginThrottle()

    package static let idleLifetime: TimeInterval = 12 * 3_600
    package static let absoluteLifetime: TimeInterval = 7 * 86_400
    /// Checked for a name nobody has, so that the answer takes as long as for a real one.
    package static let decoyHash = PasswordHash.make(SecureRandom.alphanumeric(24))

    package init(store: any WebUserStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.init(store: store, now: now, verify: { await WebUserService.verify($0, against: $1) })
    }

    package init(store: any WebUserStore, now: @escaping @Sendable () -> Date = Date.init, verify: @escaping @Sendable (String, String) async -> Bool) {
        self.store = store
        self.now = now
        self.verify = verify
    }

    /// A signed-in browser's session.
    package struct Session: Sendable {
        package var user: WebUserRecord
        package var csrf: String
        /// The cookie's value: only in the `Set-Cookie` of the login's answer.
        package var token: String?
    }

    package enum LoginOutcome: Sendable {
        case signedIn(Session)
        case refused
        /// Too many failures: try again after this many seconds.
        case throttled(Int)
    }

    /// Signs in, the try counted by the throttle before the password is checked (the check is slow, and this actor takes
    /// other calls while it runs): a guess sent beside others is throttled, never checked unthrottled.
    package func login(name: String, password: String, address: String) async throws -> LoginOutcome {
        let reservation: LoginThrottle.Reservation
        switch throttle.reserve(name: name, address: address, now: now()) {
        case .wait(let seconds): return .throttled(Int(seconds.rounded(.up)))
        case .check(let reserved): reservation = reserved
        }
        var outcome = LoginThrottle.Outcome.notChecked
        defer { throttle.finished(reservation, outcome) }
        let user = try await store.webUser(name: name)
        outcome = .failed
        let matches = await verify(password, user?.passwordHash ?? Self.decoyHash)
        guard let user, matches else { return .refused }
        outcome = .succeeded
        let token = Base64.encodeURL(SecureRandom.bytes(32))
        let csrf = Base64.encodeURL(SecureRandom.bytes(32))
        let started = now()
        try await store.addWebSession(WebSessionRecord(tokenHash: Digest.sha256(Array(token.utf8)), userID: user.id, csrf: csrf,
                                                       createdAt: started, lastSeenAt: started))
        return .signedIn(Session(user: user, csrf: csrf, token: token))
    }

    /// The session a cookie names, if it is still good; its last use is moved to now.
    package func session(token: String) async throws -> Session? {
        let hash = Digest.sha256(Array(token.utf8))
        guard let (record, user) = try await store.webSession(tokenHash: hash) else { return nil }
        let current = now()
        guard current.timeIntervalSince(record.lastSeenAt) < Self.idleLifetime, current.timeIntervalSince(record.createdAt) < Self.absoluteLifetime else {
            try await store.removeWebSession(tokenHash: hash)
            return nil
        }
        if current.timeIntervalSince(record.lastSeenAt) > 60 { try await store.touchWebSession(tokenHash: hash, now: current) }
        return Session(user: user, csrf: record.csrf, token: nil)
    }

    package func logout(token: String) async throws {
        try await store.removeWebSession(tokenHash: Digest.sha256(Array(token.utf8)))
    }

    package func logoutEverywhere(userID: Int64) async throws {
        try await store.removeWebSessions(userID: userID)
    }
}
