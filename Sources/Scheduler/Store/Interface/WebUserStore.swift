import Foundation
import SchedulerCore

/// The web app's people and their sessions. A session is kept by the SHA-256 of its cookie's value, never the value,
/// so the database alone lets nobody in; a password is kept as its scrypt hash (``PasswordHash``).
public protocol WebUserStore: Sendable {
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
public struct WebUserRecord: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var role: WebRole
    public var passwordHash: String
    public var createdAt: Date

    public init(id: Int64, name: String, role: WebRole, passwordHash: String, createdAt: Date) {
        self.id = id; self.name = name; self.role = role; self.passwordHash = passwordHash; self.createdAt = createdAt
    }

    public var view: WebUserView { WebUserView(name: name, role: role, createdAt: createdAt) }
}

/// A signed-in browser: the hash of its cookie, its person, its CSRF token, and when it began and was last used.
public struct WebSessionRecord: Sendable, Equatable {
    public var tokenHash: [UInt8]
    public var userID: Int64
    public var csrf: String
    public var createdAt: Date
    public var lastSeenAt: Date

    public init(tokenHash: [UInt8], userID: Int64, csrf: String, createdAt: Date, lastSeenAt: Date) {
        self.tokenHash = tokenHash; self.userID = userID; self.csrf = csrf; self.createdAt = createdAt; self.lastSeenAt = lastSeenAt
    }
}
