import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresSchema {
    /// What SQLite's v17 adds: the web app's people and sessions. A name is unique in any letter case.
    package static let v13 = """
        CREATE TABLE web_user (
            id BIGSERIAL PRIMARY KEY,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
            password_hash TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        );
        CREATE UNIQUE INDEX web_user_by_name ON web_user (lower(name));
        CREATE TABLE web_session (
            token_hash BYTEA PRIMARY KEY,
            user_id BIGINT NOT NULL REFERENCES web_user (id) ON DELETE CASCADE,
            csrf TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            last_seen_at BIGINT NOT NULL
        );
        CREATE INDEX web_session_by_user ON web_session (user_id);
        """
}

extension PostgresStore: WebUserStore {
    package func addWebUser(name: String, role: WebRole, passwordHash: String, now: Date) async throws -> WebUserRecord? {
        try await write { session in
            let ms = databaseMilliseconds(now)
            return try await session.row("""
                INSERT INTO web_user (name, role, password_hash, created_at, updated_at) VALUES (\(name), \(role.rawValue), \(passwordHash), \(ms), \(ms))
                ON CONFLICT (lower(name)) DO NOTHING RETURNING *
                """).map(webUser)
        }
    }

    package func webUsers() async throws -> [WebUserRecord] {
        try await read { session in try await session.rows("SELECT * FROM web_user ORDER BY name").map(webUser) }
    }

    package func webUser(name: String) async throws -> WebUserRecord? {
        try await read { session in try await session.row("SELECT * FROM web_user WHERE lower(name) = lower(\(name))").map(webUser) }
    }

    package func removeWebUser(name: String) async throws -> Bool {
        try await write { session in
            try await session.value("DELETE FROM web_user WHERE lower(name) = lower(\(name)) RETURNING id", as: Int64.self) != nil
        }
    }

    package func setWebPassword(name: String, passwordHash: String, now: Date) async throws -> Bool {
        try await write { session in
            guard let id = try await session.value("""
                UPDATE web_user SET password_hash = \(passwordHash), updated_at = \(databaseMilliseconds(now)) WHERE lower(name) = lower(\(name))
                RETURNING id
                """, as: Int64.self) else { return false }
            try await session.execute("DELETE FROM web_session WHERE user_id = \(id)")
            return true
        }
    }

    package func addWebSession(_ record: WebSessionRecord) async throws {
        try await write { session in
            try await session.execute("""
                INSERT INTO web_session (token_hash, user_id, csrf, created_at, last_seen_at)
                VALUES (\(ByteBuffer(bytes: record.tokenHash)), \(record.userID), \(record.csrf), \(databaseMilliseconds(record.createdAt)),
                        \(databaseMilliseconds(record.lastSeenAt)))
                """)
        }
    }

    package func webSession(tokenHash: [UInt8]) async throws -> (WebSessionRecord, WebUserRecord)? {
        try await read { session in
            guard let row = try await session.row("""
                SELECT s.user_id, s.csrf, s.created_at AS session_created_at, s.last_seen_at, u.*
                FROM web_session s JOIN web_user u ON u.id = s.user_id WHERE s.token_hash = \(ByteBuffer(bytes: tokenHash))
                """) else { return nil }
            let record = WebSessionRecord(tokenHash: tokenHash, userID: try row["user_id"], csrf: try row["csrf"],
                                          createdAt: localDate(try row["session_created_at"]), lastSeenAt: localDate(try row["last_seen_at"]))
            return (record, try webUser(row))
        }
    }

    package func touchWebSession(tokenHash: [UInt8], now: Date) async throws {
        try await write { session in
            try await session.execute("UPDATE web_session SET last_seen_at = \(databaseMilliseconds(now)) WHERE token_hash = \(ByteBuffer(bytes: tokenHash))")
        }
    }

    package func removeWebSession(tokenHash: [UInt8]) async throws {
        try await write { session in try await session.execute("DELETE FROM web_session WHERE token_hash = \(ByteBuffer(bytes: tokenHash))") }
    }

    package func removeWebSessions(userID: Int64) async throws {
        try await write { session in try await session.execute("DELETE FROM web_session WHERE user_id = \(userID)") }
    }

    private func webUser(_ row: PostgresStoreRow) throws -> WebUserRecord {
        WebUserRecord(id: try row["id"], name: try row["name"], role: WebRole(rawValue: try row["role"]) ?? .viewer,
                      passwordHash: try row["password_hash"], createdAt: localDate(try row["created_at"]))
    }
}
