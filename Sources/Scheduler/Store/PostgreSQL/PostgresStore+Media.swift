import Foundation
import PostgresNIO

extension PostgresStore: SharedMediaStore {
    public func putMedia(sha256: String, bytes: [UInt8]) async throws {
        try await write { session in
            try await session.execute("""
                INSERT INTO media_blob (sha256, content, created_at) VALUES (\(sha256), \(ByteBuffer(bytes: bytes)), \(Date().unixMilliseconds))
                ON CONFLICT (sha256) DO NOTHING
                """)
        }
    }

    public func mediaBytes(sha256: String) async throws -> [UInt8]? {
        try await read { session in
            try await session.value("SELECT content FROM media_blob WHERE sha256 = \(sha256)", as: ByteBuffer.self).map { Array($0.readableBytesView) }
        }
    }
}
