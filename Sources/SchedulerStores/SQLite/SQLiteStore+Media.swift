import GRDB
import SchedulerDomain

extension SQLiteStore: MediaReferenceStore {
    package func referencedMedia(_ sha256s: [String]) async throws -> Set<String> {
        guard !sha256s.isEmpty else { return [] }
        return try await writer.read { db in
            let marks = Array(repeating: "?", count: sha256s.count).joined(separator: ", ")
            return Set(try String.fetchAll(db, sql: "SELECT DISTINCT sha256 FROM post_media INDEXED BY post_media_by_file WHERE sha256 IN (\(marks))",
                                           arguments: StatementArguments(sha256s)))
        }
    }
}
