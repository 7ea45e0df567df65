import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

/// Who wrote each post, and the rejections its author has yet to act on (issue 47), as SQLite keeps them.
extension PostgresStore {
    package func openRejections(writtenBy person: String, limit: Int) async throws -> [PostRecord] {
        try await read { session in
            try await Self.postRecords(try await session.rows("""
                SELECT * FROM post WHERE rejection_open AND written_by = \(person) ORDER BY id DESC LIMIT \(Int64(limit))
                """), session)
        }
    }

    package func closeRejection(id: Int64) async throws {
        try await write { session in
            guard try await session.rows("UPDATE post SET rejection_open = false WHERE id = \(id) RETURNING id").count == 1 else {
                throw PostRefusals.noPost(id)
            }
        }
    }
}

extension PostgresSchema {
    /// What SQLite's v23 adds: who wrote each post, and the rejections its author has yet to act on.
    package static let v19 = """
        ALTER TABLE post ADD COLUMN written_by TEXT;
        ALTER TABLE post ADD COLUMN rejection_open BOOLEAN NOT NULL DEFAULT false;
        CREATE INDEX post_open_rejections ON post (written_by, id) WHERE rejection_open;
        """
}
