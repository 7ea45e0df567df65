import Foundation
import HTTPClient
import SchedctlOutput
import SchedulerCore
import Synchronization

extension ControlClient {
    /// Sends a request whose answer (a backup's database, say) is written to `fd` as it arrives rather than held in
    /// memory. Returns the bytes written; a refusal is read back from what was written and thrown as for any request.
    func download(_ method: String, _ path: String, to fd: Int32) async throws -> Int {
        let tally = DownloadTally()
        var request = HTTPRequest(method: method, url: "http://localhost" + path, connectTimeout: .seconds(5), timeout: .seconds(6 * 3_600),
                                  unixSocketPath: socketPath)
        request.streamBody = { chunk in
            let count = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            tally.state.withLock { $0.written += max(0, count); if count != chunk.count { $0.failed = true } }
        }
        let status: Int
        do {
            status = try await http.send(request).status
        } catch let error as HTTPClientError {
            throw CLIError(exitCode: ExitCodes.unreachable, message: "the download from schedulerd at \(socketPath) broke off (\(error.message))")
        }
        let (written, failed) = tally.state.withLock { ($0.written, $0.failed) }
        if failed { throw CLIError(exitCode: ExitCodes.failure, message: "cannot write the backup: \(String(cString: strerror(errno)))") }
        guard (200..<300).contains(status) else {
            var body = [UInt8](repeating: 0, count: min(written, 65_536))
            let read = pread(fd, &body, body.count, 0)
            let detail = try? JSONCoding.decoder().decode(APIErrorBody.self, from: Data(body.prefix(max(0, read)))).error
            let code: Int32 = switch status {
            case 400, 413, 422: ExitCodes.badInput
            case 404: ExitCodes.notFound
            case 409: ExitCodes.conflict
            default: ExitCodes.failure
            }
            throw CLIError(exitCode: code, message: detail.map { RefusalHintText.sentence($0.message, hint: $0.hint) } ?? "schedulerd answered HTTP \(status)")
        }
        return written
    }
}

/// What a download wrote so far, from libcurl's callback.
private final class DownloadTally: Sendable {
    let state = Mutex((written: 0, failed: false))
}
