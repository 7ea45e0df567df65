import Foundation
import Hummingbird
import NIOCore
import SchedulerCore
import SchedulerServices

/// `schedctl backup`: the database copy, streamed to the client (`POST /v1/backup`), and the credential key
/// (`GET /v1/backup/key`), which the client writes to files of its own user, apart.
///
/// Streamed rather than written by the daemon to a path the client names: the daemon (the `schedulerd` user) may not
/// write where the person wants the backup, and a file it wrote would be the daemon's, not theirs. Only the daemon's own
/// user (and root) may use the socket (``PeerCredentialCheck``), and that user can read the key file anyway.
package struct BackupRoutes: Sendable {
    package let backup: BackupService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.get("backup/key") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/octet-stream"],
                     body: .init(byteBuffer: ByteBuffer(bytes: try backup.credentialKey())))
        }
        v1.post("backup") { _, _ -> Response in
            let copy = try await backup.copy()
            return Response(status: .ok, headers: [.contentType: "application/vnd.sqlite3"],
                            body: ResponseBody(contentLength: copy.size) { writer in
                                defer { try? copy.file.close() }
                                while let chunk = try copy.file.read(upToCount: 256 * 1_024), !chunk.isEmpty {
                                    try await writer.write(ByteBuffer(bytes: chunk))
                                }
                                try await writer.finish(nil)
                            })
        }
    }
}
