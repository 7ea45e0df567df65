import Foundation

/// How a program run to its end by ``runToEnd(_:environment:stdin:directory:)`` ended, and what it wrote.
package struct FinishedRun: Sendable {
    /// The exit code, or the signal's number when a signal ended it (as Foundation's `terminationStatus` says it).
    package var status: Int32
    package var signaled: Bool
    package var stdout: Data
    package var stderr: Data
}

/// Runs `arguments[0]` (an absolute path) to its end on the calling thread: `stdin` written to it and closed, its
/// stdout and stderr drained together (poll(2)), so a program that fills one pipe while the other is read never
/// stalls, then waited for with waitpid, which sleeps in the kernel. Not Foundation's `Process`: its
/// `waitUntilExit` spins the calling thread, and two of them on the cooperative pool's two threads hung a test
/// pass (see `Spawn.swift`).
package func runToEnd(_ arguments: [String], environment: [String: String], stdin: Data? = nil,
                      directory: String = FileManager.default.currentDirectoryPath) throws -> FinishedRun {
    let input = try makePipe(), output = try makePipe(), errors = try makePipe()
    let pid: pid_t
    do {
        defer { close(input.read); close(output.write); close(errors.write) }
        pid = try spawn(arguments, environment: environment, stdin: input.read, stdout: output.write, stderr: errors.write,
                        directory: directory)
    } catch {
        close(input.write); close(output.read); close(errors.read)
        throw error
    }
    // A child that exits without reading its input must not end the test with SIGPIPE: Swift programs ignore it,
    // so a write to a closed pipe fails with EPIPE instead, which is ignored here.
    if let stdin { stdin.withUnsafeBytes { writeAll(input.write, $0) } }
    close(input.write)
    let (stdout, stderr) = drain(output.read, errors.read)
    close(output.read); close(errors.read)
    let (status, signaled) = decodeWaitStatus(waitBlocking(pid))
    return FinishedRun(status: status, signaled: signaled, stdout: stdout, stderr: stderr)
}

private func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
        let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return }
    }
}

/// Reads both descriptors until each reaches its end.
private func drain(_ first: Int32, _ second: Int32) -> (Data, Data) {
    var data = [Data(), Data()]
    var open = [true, true]
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while open[0] || open[1] {
        var fds = [first, second].enumerated().map { pollfd(fd: open[$0.offset] ? $0.element : -1, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { break }
        for index in 0..<2 where open[index] && fds[index].revents != 0 {
            let count = read(fds[index].fd, &buffer, buffer.count)
            if count > 0 {
                data[index].append(contentsOf: buffer[0..<count])
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                open[index] = false
            }
        }
    }
    return (data[0], data[1])
}
