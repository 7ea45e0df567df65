import Foundation
import Glibc
import SchedulerServices
import Synchronization

/// A file a form carried, kept on disk rather than in memory while the request is handled: a 40 MB run file held in
/// memory, and copied twice on the way, took the daemon from 72 to 341 MB for five uploads (issue 47). It is written
/// as it arrives into a directory of its own (made by `mkdtemp`, mode 0700) as a file only the daemon's user may read
/// (0600), and both are removed when the last reference to it goes, whatever became of the request.
package final class TemporaryUpload: Sendable {
    /// The file's path, for a reader that takes one (the run reader).
    package let path: String
    private let directory: String
    private struct State {
        var descriptor: Int32
        var size = 0
    }
    private let state: Mutex<State>

    /// Couldn't keep an upload: says where and why, and what to look at.
    package struct CannotKeep: Error, CustomStringConvertible {
        package let description: String

        package init(_ what: String, _ path: String, errno code: Int32) {
            description = "cannot \(what) \(path) for an upload: \(String(cString: strerror(code))); "
                + "the daemon's temporary folder (TMPDIR, else /tmp) may be full or not writable"
        }
    }

    package init() throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/schedulerd-upload-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CannotKeep("make a private folder in", base, errno: errno) }
        directory = String(cString: made)
        path = directory + "/upload"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            rmdir(directory)
            throw CannotKeep("create", path, errno: code)
        }
        state = Mutex(State(descriptor: descriptor))
    }

    /// How many bytes were written.
    package var size: Int { state.withLock { $0.size } }

    /// Appends `bytes`, all of them (a short write is continued, an interrupted one retried).
    package func write(_ bytes: ArraySlice<UInt8>) throws {
        try state.withLock { state in
            try bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(state.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw CannotKeep("write", path, errno: errno)
                    }
                    offset += written
                }
            }
            state.size += bytes.count
        }
    }

    /// The whole file, read back once the request is known to be allowed (a picture is checked whole by the media rules).
    package func bytes() throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CannotKeep("read back", path, errno: errno) }
        return [UInt8](data)
    }

    deinit {
        state.withLock { _ = close($0.descriptor) }
        unlink(path)
        rmdir(directory)
    }
}
