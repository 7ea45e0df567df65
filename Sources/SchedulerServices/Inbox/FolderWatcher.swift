import Dispatch
import Foundation
import Glibc

/// What happened to a name in a watched folder, as inotify(7) says it.
package enum FolderChange: Sendable, Equatable {
    /// Created, or written to: a writer has it open (`IN_CREATE`, `IN_MODIFY`).
    case writing(String)
    /// A writer closed it after writing (`IN_CLOSE_WRITE`): complete, unless it is written again soon.
    case closed(String)
    /// Renamed into the folder (`IN_MOVED_TO`): complete, as the tools that write a temporary file then rename it mean.
    case movedIn(String)
    /// Removed or renamed away (`IN_DELETE`, `IN_MOVED_FROM`).
    case gone(String)
    /// The kernel's queue overflowed (`IN_Q_OVERFLOW`): changes were lost, so the folder must be read again.
    case overflow
}

/// Watches one folder with inotify: no polling, the kernel wakes the reader when something changes. The folder itself,
/// not its subfolders (`done/` and `failed/` are not watched).
package struct FolderWatcher: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package let path: String

    /// The changes, as they happen, until the stream is no longer read. Throws when the folder cannot be watched.
    package func changes() throws(Failure) -> AsyncStream<FolderChange> {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw Failure(description: "cannot start inotify: \(String(cString: strerror(errno)))") }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR)
        guard inotify_add_watch(fd, path, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot watch \(path): \(reason)")
        }
        let (stream, continuation) = AsyncStream.makeStream(of: FolderChange.self)
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "schedulerd.inbox.inotify"))
        source.setEventHandler {
            for change in Self.drain(fd) { continuation.yield(change) }
        }
        source.setCancelHandler { close(fd) }
        let handle = SourceHandle(source: source)
        continuation.onTermination = { _ in handle.source.cancel() }
        source.resume()
        return stream
    }

    /// Every event waiting on the descriptor. Each is a `struct inotify_event` followed by its NUL-padded name.
    private static func drain(_ fd: Int32) -> [FolderChange] {
        var changes: [FolderChange] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return changes }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + Int(event.len))].prefix { $0 != 0 }
                offset += header + Int(event.len)
                if let change = change(mask: event.mask, name: String(decoding: nameBytes, as: UTF8.self)) { changes.append(change) }
            }
        }
    }

    /// A dispatch source may be cancelled from any thread (dispatch_source_cancel is thread-safe).
    private struct SourceHandle: @unchecked Sendable {
        let source: any DispatchSourceRead
    }

    private static func change(mask: UInt32, name: String) -> FolderChange? {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return .overflow }
        guard !name.isEmpty, mask & UInt32(IN_ISDIR) == 0 else { return nil }
        if mask & UInt32(IN_MOVED_TO) != 0 { return .movedIn(name) }
        if mask & UInt32(IN_CLOSE_WRITE) != 0 { return .closed(name) }
        if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { return .gone(name) }
        if mask & UInt32(IN_CREATE | IN_MODIFY) != 0 { return .writing(name) }
        return nil
    }
}
