import Foundation

/// A child process's standard output as lines, read until end of file.
///
/// Read on a thread of its own with plain `read(2)`: a blocking read must not hold one of the concurrency pool's few
/// threads, and the loop sees end of file for certain (Foundation's `readabilityHandler` did not always, on Linux).
/// Reading goes on whether or not anyone consumes the lines (a stream whose consumer went away just drops them), and
/// the handle stays open until end of file, so the child can never block on a full pipe or write into nothing.
package enum OutputLines {
    /// The lines of `handle`, without their newline; the stream finishes at end of file. Keeps the last 64 unread.
    package static func stream(_ handle: FileHandle) -> AsyncStream<String> {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(64))
        let thread = Thread {
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(handle.fileDescriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                for line in completeLines(&pending, appending: buffer[..<count]) { continuation.yield(line) }
            }
            if !pending.isEmpty { continuation.yield(String(decoding: pending, as: UTF8.self)) }
            continuation.finish()
            try? handle.close()
        }
        thread.name = "child output"
        thread.start()
        return lines
    }

    /// Appends `bytes` to `pending` and takes out every complete line.
    package static func completeLines(_ pending: inout [UInt8], appending bytes: some Sequence<UInt8>) -> [String] {
        pending.append(contentsOf: bytes)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        return lines
    }
}
