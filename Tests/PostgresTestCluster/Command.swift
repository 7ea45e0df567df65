import Foundation
import TestSpawning

/// What a finished command left behind: how it ended and everything it wrote.
struct CommandOutput: Sendable {
    let commandLine: String
    /// The exit status, or the signal's number when `signaled`.
    let status: Int32
    let signaled: Bool
    let timedOut: Bool
    let stdout: String
    let stderr: String

    var succeeded: Bool { !signaled && !timedOut && status == 0 }

    /// How it ended, in words: "exit status 1", "killed by signal 9", "timed out".
    var ending: String {
        if timedOut { return "timed out" }
        return signaled ? "killed by signal \(status)" : "exit status \(status)"
    }
}

/// Runs `executable` to its end, its output on pipes, and returns what it wrote.
///
/// Each pipe is drained on its own thread while the command runs, so a chatty command never fills a pipe
/// and stalls, and the exit is awaited on another (see `Spawn.swift` for why not Foundation's `Process`).
/// A command still running after `timeout` is sent SIGTERM (runuser passes it on to the command it
/// started), so a wedged server start fails the test instead of hanging it.
func runCommand(_ executable: String, _ arguments: [String], environment: [String: String],
                timeout: Duration = .seconds(120)) async throws -> CommandOutput {
    let stdout = try makePipe()
    let stderr = try makePipe()
    let pid: pid_t
    do {
        defer { close(stdout.write); close(stderr.write) }
        pid = try spawn([executable] + arguments, environment: environment, stdout: stdout.write, stderr: stderr.write)
    } catch {
        close(stdout.read)
        close(stderr.read)
        throw error
    }

    let timedOut = TimeoutFlag()
    let watchdog = Task {
        try await Task.sleep(for: timeout)
        timedOut.set()
        kill(pid, SIGTERM)
    }
    async let out = readToEnd(stdout.read)
    async let err = readToEnd(stderr.read)
    let (status, signaled) = decodeWaitStatus(await exitStatus(of: pid))
    watchdog.cancel()
    let (stdoutData, stderrData) = await (out, err)

    return CommandOutput(
        commandLine: ([executable] + arguments).map(shellQuoted).joined(separator: " "),
        status: status, signaled: signaled, timedOut: timedOut.isSet,
        stdout: String(decoding: stdoutData, as: UTF8.self), stderr: String(decoding: stderrData, as: UTF8.self)
    )
}

/// Reads `fd` until end of file on a thread of its own, away from the cooperative pool, and closes it.
private func readToEnd(_ fd: Int32) async -> Data {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            continuation.resume(returning: handle.readDataToEndOfFile())
        }
    }
}

private final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// `word` as the shell would read it back, for messages a person may paste into a terminal.
func shellQuoted(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/-_.,=:@%+".unicodeScalars.contains($0) }
    if plain && !word.isEmpty { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
