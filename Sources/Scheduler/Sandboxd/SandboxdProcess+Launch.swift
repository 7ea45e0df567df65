import Foundation
import Logging
import SandboxContract

extension SandboxdProcess {
    /// Finds sandboxd, starts it with `arguments` (its standard error is the daemon's), and waits for it to announce
    /// where it listens.
    ///
    /// - Throws: ``SandboxdError``: not found (naming where it looked), not started, or no announcement in time
    ///   (the child is killed then).
    package static func launch(arguments: [String], environment: [String: String], logger: Logger) async throws -> SandboxdProcess {
        let path = try SandboxdExecutable.find(environment: environment)
        let input = try ChildPipe(purpose: "standard input")
        let stdout = try ChildPipe(purpose: "standard output")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = input.theirs
        process.standardOutput = stdout.theirs
        let exits = process.exitStatus()
        do {
            try process.run()
        } catch {
            throw SandboxdError(.cannotStart, "sandbox mode could not start \(path): \(error.localizedDescription)")
        }
        // The child's ends are its own now: keeping them would hide its end of file from us, and ours from it.
        try? input.theirs.close()
        try? stdout.theirs.close()
        let output = OutputLines.stream(stdout.ours)
        switch await announcement(in: output, logger: logger) {
        case .announced(let urls, let instance):
            return SandboxdProcess(urls: urls, instance: instance, path: path, process: process, lifeline: input.ours, output: output, exits: exits,
                                   logger: logger)
        case .ended:
            let status = await firstExit(exits, within: .seconds(5)).map { "it exited with status \($0)" } ?? "it closed its output"
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw SandboxdError(.noAnnouncement, "sandbox mode started \(path), but \(status) before saying where it listens; "
                + "its own messages are above")
        case .timedOut:
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw SandboxdError(.noAnnouncement, "sandbox mode started \(path), but it did not say where it listens within "
                + "\(announceDeadline); it was killed")
        }
    }

    private enum Announcement {
        case announced([String: String], instance: String?)
        case ended
        case timedOut
    }

    /// The URLs in the first announcement line, unless output ends or ``announceDeadline`` passes first.
    private static func announcement(in output: AsyncStream<String>, logger: Logger) async -> Announcement {
        await withTaskGroup(of: Announcement.self) { group in
            group.addTask {
                for await line in output {
                    if let urls = SandboxAnnouncement.parse(line) { return .announced(urls, instance: SandboxAnnouncement.instance(in: line)) }
                    logger.debug("sandboxd wrote to standard output", metadata: ["sandboxd.output": "\(line)"])
                }
                return .ended
            }
            group.addTask {
                try? await Task.sleep(for: announceDeadline)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }
    }

    /// The exit status, if the child exits within `limit`.
    private static func firstExit(_ exits: AsyncStream<Int32>, within limit: Duration) async -> Int32? {
        await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await exits.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
