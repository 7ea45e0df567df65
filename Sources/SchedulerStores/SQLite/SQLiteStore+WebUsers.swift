import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// The web app's people and sessions (schema v17).
    package static func migrateV17(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE web_user (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE TABLE web_session (
                token_hash BLOB PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES web_user (id) ON DELETE CASCADE,
                csrf TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL
            );
            CREATE INDEX web_session_by_user ON web_session (user_id);
            """)
    }

}

extension SQLiteStore: WebUserStore {
    package func addWebUser(name: String, role: WebRole, passwordHash: String, now: Date) async throws -> WebUserRecord? {
        try await writer.write { db in
            try Row.fetchOne(db, sql: """
                INSERT INTO web_user (name, role, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (name) DO NOTHING RETURNING *
                """, arguments: [name, role.rawValue, passwordHash, now.unixMilliseconds, now.unixMilliseconds]).map(Self.webUser)
        }
    }

    package func webUsers() async throws -> [WebUserRecord] {
        try await writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM web_user ORDER BY name").map(Self.webUser) }
    }

    package func webUser(name: String) async throws -> WebUserRecord? {
        try await writer.read { db in try Row.fetchOne(db, sql: "SELECT * FROM web_user WHERE name = ?", arguments: [name]).map(Self.webUser) }
    }

    package func removeWebUser(name: String) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM web_session WHERE user_id IN (SELECT id FROM web_user WHERE name = ?)", arguments: [name])
            try db.execute(sql: "DELETE FROM web_user WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    package func setWebPassword(name: String, passwordHash: String, now: Date) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "UPDATE web_user SET password_hash = ?, updated_at = ? WHERE name = ?",
                           arguments: [passwordHash, now.unixMilliseconds, name])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM web_session WHERE user_id IN (SELECT id FROM web_user WHERE name = ?)", arguments: [name])
            return true
        }
    }

    package func addWebSession(_ session: WebSessionRecord) async throws {
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO web_session (token_hash, user_id, csrf, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [Data(session.tokenHash), session.userID, session.csrf, session.createdAt.unixMilliseconds,
                                       session.lastSeenAt.unixMilliseconds])
        }
    }

    package func webSession(tokenHash: [UInt8]) async throws -> (WebSessionRecord, WebUserRecord)? {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT s.token_hash, s.user_id, s.csrf, s.created_at AS session_created_at, s.last_seen_at, u.*
                FROM web_session s JOIN web_user u ON u.id = s.user_id WHERE s.token_hash = ?
                """, arguments: [Data(tokenHash)]) else { return nil }
            let session = WebSessionRecord(tokenHash: tokenHash, userID: row["user_id"], csrf: row["csrf"],
                                           createdAt: Date(unixMilliseconds: row["session_created_at"]),
                                           lastSeenAt: Date(unixMilliseconds: row["last_seen_at"]))
            return (session, Self.webUser(row))
        }
    }

    package func touchWebSession(tokenHash: [UInt8], now: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE web_session SET last_seen_at = ? WHERE token_hash = ?", arguments: [now.unixMilliseconds, Data(tokenHash)])
        }
    }

    package func removeWebSession(tokenHash: [UInt8]) async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM web_session WHERE token_hash = ?", arguments: [Data(tokenHash)]) }
    }

    package func removeWebSessions(userID: Int64) async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM web_session WHERE user_id = ?", arguments: [userID]) }
    }

    private static func webUser(_ row: Row) -> WebUserRecord {
        WebUserRecord(id: row["id"], name: row["name"], role: WebRole(rawValue: row["role"]) ?? .viewer, passwordHash: row["password_hash"],
                      createdAt: Date(unixMilliseconds: row["created_at"]))
    }
}
