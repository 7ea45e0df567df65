import Foundation
import SchedulerCore

/// The web app's people and their sessions. A session is kept by the SHA-256 of its cookie's value, never the value,
/// so the database alone lets nobody in; a password is kept as its scrypt hash (``PasswordHash``).
package protocol WebUserStore: Sendable {
    /// Adds a person; nil when the name is taken, in any letter case.
    func addWebUser(name: String, role: WebRole, passwordHash: String, now: Date) async throws -> WebUserRecord?
    func webUsers() async throws -> [WebUserRecord]
    func webUser(name: String) async throws -> WebUserRecord?
    /// Removes a person and their sessions; false when there was none.
    func removeWebUser(name: String) async throws -> Bool
    /// A new password; every session of the person ends with it.
    func setWebPassword(name: String, passwordHash: String, now: Date) async throws -> Bool

    func addWebSession(_ session: WebSessionRecord) async throws
    /// The session and its person, when the session exists (its expiry is the caller's to judge).
    func webSession(tokenHash: [UInt8]) async throws -> (WebSessionRecord, WebUserRecord)?
    func touchWebSession(tokenHash: [UInt8], now: Date) async throws
    func removeWebSession(tokenHash: [UInt8]) async throws
    /// Ends every session of the person ("log out everywhere").
    func removeWebSessions(userID: Int64) async throws
}

/// A person of the web app as stored.
package struct WebUserRecord: Sendable, Equatable {
    package var id: Int64
    package var name: String
    package var role: WebRole
    package var passwordHash: String
    package var createdAt: Date

    package init(id: Int64, name: String, role: WebRole, passwordHash: String, createdAt: Date) {
        self.id = id; self.name = name; self.role = role; self.passwordHash = passwordHash; self.createdAt = createdAt
    }
}

/// A signed-in browser: the hash of its cookie, its person, its CSRF token, and when it began and was last used.
package struct WebSessionRecord: Sendable, Equatable {
    package var tokenHash: [UInt8]
    package var userID: Int64
    package var csrf: String
    package var createdAt: Date
    package var lastSeenAt: Date

    package init(tokenHash: [UInt8], userID: Int64, csrf: String, createdAt: Date, lastSeenAt: Date) {
        self.tokenHash = tokenHash; self.userID = userID; self.csrf = csrf; self.createdAt = createdAt; self.lastSeenAt = lastSeenAt
    }
}
