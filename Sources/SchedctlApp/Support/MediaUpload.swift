import Foundation
import SchedulerCore

/// Sends a file's bytes to the daemon, which keeps its own copy; the answer names it for the schedule request.
enum MediaUpload {
    /// The uploaded file as a request names it: its id, its alt text, and the path as the person gave it, for messages.
    static func reference(_ path: String, alt: String? = nil, with client: ControlClient) async throws -> MediaReference {
        MediaReference(id: try await upload(path, with: client), alt: alt, name: path)
    }

    static func upload(_ path: String, with client: ControlClient) async throws -> String {
        let data = try LocalFile.bytes(path, what: "the media file")
        do {
            let answer = try await client.sendRaw("POST", "/v1/media", bytes: Array(data))
            return try client.decode(MediaView.self, answer).id
        } catch let error as CLIError {
            throw CLIError(exitCode: error.exitCode, message: "\(path): \(error.message)")
        }
    }
}
