import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a child process's pipe on a thread of its own, with poll(2) and read(2), and hands each chunk to `onChunk`
/// and the end of the pipe to `onEnd`. Not `FileHandle.readabilityHandler`: on Linux, tearing its dispatch source
/// down races libdispatch's epoll bookkeeping, which crashed a test run in `_dispatch_event_loop_drain`
/// (swift-corelibs-libdispatch#949). Shared by the HTTP client's and the end-to-end tests.
public final class PipeReader: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var stopped = false
    private var ended = false

    public init(_ handle: FileHandle, onChunk: @escaping @Sendable (Data) -> Void, onEnd: @escaping @Sendable () -> Void = {}) {
        self.handle = handle
        let thread = Thread { [self] in readUntilTheEnd(onChunk: onChunk, onEnd: onEnd) }
        thread.name = "PipeReader"
        thread.start()
    }

    /// Everything written to the pipe so far has been handed to `onChunk`: it ended, or it holds nothing now. A read
    /// and its hand-over happen under the lock this takes, so no chunk is between the two.
    public var isDrained: Bool {
        lock.withLock { ended || !Self.readable(handle.fileDescriptor, waitingMilliseconds: 0) }
    }

    /// Stops reading (a pipe another process keeps open never ends); the thread exits within 100 ms.
    public func stop() {
        lock.withLock { stopped = true }
    }

    private func readUntilTheEnd(onChunk: @Sendable (Data) -> Void, onEnd: @Sendable () -> Void) {
        let descriptor = handle.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let ready = Self.readable(descriptor, waitingMilliseconds: 100)
            let finished: Bool = lock.withLock {
                if stopped { return true }
                guard ready else { return false }
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    onChunk(Data(buffer[0..<count]))
                    return false
                }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { return false }
                ended = true
                onEnd()
                return true
            }
            if finished { return }
        }
    }

    /// Whether a read would not block: data, or the end of the pipe.
    private static func readable(_ descriptor: Int32, waitingMilliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, waitingMilliseconds) > 0
    }
}
