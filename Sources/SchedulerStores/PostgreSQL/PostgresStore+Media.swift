import Foundation
import PostgresNIO
import SchedulerDomain

extension PostgresStore: SharedMediaStore {
    package func putMedia(sha256: String, bytes: [UInt8], now: Date) async throws {
        try await write { session in
            try await session.execute("""
                INSERT INTO media_blob (sha256, content, created_at) VALUES (\(sha256), \(ByteBuffer(bytes: bytes)), \(now.unixMilliseconds))
                ON CONFLICT (sha256) DO UPDATE SET created_at = greatest(media_blob.created_at, excluded.created_at)
                """)
        }
    }

    package func mediaBytes(sha256: String) async throws -> [UInt8]? {
        try await read { session in
            try await session.value("SELECT content FROM media_blob WHERE sha256 = \(sha256)", as: ByteBuffer.self).map { Array($0.readableBytesView) }
        }
    }

    package func removeUnreferencedMedia(storedBefore cutoff: Date) async throws -> Int {
        try await write { session in
            let removed = try await session.rows("""
                DELETE FROM media_blob b WHERE b.created_at < \(cutoff.unixMilliseconds)
                AND NOT EXISTS (SELECT 1 FROM post_media m WHERE m.sha256 = b.sha256) RETURNING b.sha256
                """)
            return removed.count
        }
    }
}

extension PostgresStore: MediaReferenceStore {
    package func referencedMedia(_ sha256s: [String]) async throws -> Set<String> {
        guard !sha256s.isEmpty else { return [] }
        return try await read { session in
            Set(try await session.rows("SELECT DISTINCT sha256 FROM post_media WHERE sha256 = ANY(\(sha256s))").map { try $0["sha256"] as String })
        }
    }
}
