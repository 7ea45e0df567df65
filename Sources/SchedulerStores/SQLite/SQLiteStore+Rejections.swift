import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

/// Who wrote each post, and the rejections its author has yet to act on (issue 47): Today shows an editor their
/// rejected posts with the reason until they duplicate one to change it or dismiss it.
extension SQLiteStore {
    /// v23: the web app's person who wrote each post, and whether a rejection waits for them; read by author through
    /// a partial index, which holds only the open rejections.
    package static func migrateV23(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE post ADD COLUMN written_by TEXT;
            ALTER TABLE post ADD COLUMN rejection_open BOOLEAN NOT NULL DEFAULT 0;
            CREATE INDEX post_open_rejections ON post (written_by, id) WHERE rejection_open;
            """)
    }

    package func openRejections(writtenBy person: String, limit: Int) async throws -> [PostRecord] {
        try await writer.read { db in
            try Self.postRecords(Row.fetchAll(db, sql: "SELECT * FROM post WHERE rejection_open AND written_by = ? ORDER BY id DESC LIMIT ?",
                                            arguments: [person, limit]), db)
        }
    }

    package func closeRejection(id: Int64) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE post SET rejection_open = 0 WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw PostRefusals.noPost(id) }
        }
    }
}
