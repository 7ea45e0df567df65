import Foundation
import SchedulerCore

/// Sends a file's bytes to the daemon, which keeps its own copy; the answer names it for the schedule request.
enum MediaUpload {
    static func upload(_ path: String, with client: ControlClient) async throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw CLIError.badInput("cannot read the media file \(path)") }
        do {
            let answer = try await client.sendRaw("POST", "/v1/media", bytes: Array(data))
            return try client.decode(MediaView.self, answer).id
        } catch let error as CLIError {
            throw CLIError(exitCode: error.exitCode, message: "\(path): \(error.message)")
        }
    }
}
