import Foundation
import HTTPClient
import Logging
import SchedulerCore
import SchedulerDomain

/// The hooks receive the same record `schedctl events` shows.
package typealias NotificationEvent = EventView

/// What the hooks said about one event: which have accepted it (now or before), and why the others did not.
package struct HookOutcome: Sendable, Equatable {
    package var accepted: HookSet
    /// One line per hook that failed, free of secrets (never the webhook URL).
    package var failures: [String]
}

/// Runs the configured notification hooks: a command that gets the event as JSON on standard input
/// (started directly, no shell, so nothing in a caption is ever interpreted), and an HTTP webhook.
/// A hook accepts an event when the command exits 0 or the webhook answers 2xx; anything else is reported
/// back (the event bus tries again later), never fatal.
package struct Notifier: Sendable {
    package var command: [String]?
    package var webhookURL: String?
    package let transport: any HTTPTransport
    package let logger: Logger
    /// Counts the hooks' failures.
    package let metrics: SchedulerMetrics
    /// How long a hook may take before it counts as failed.
    package static let timeout: Duration = .seconds(30)

    package init(command: [String]?, webhookURL: String?, transport: any HTTPTransport, logger: Logger,
                metrics: SchedulerMetrics = SchedulerMetrics()) {
        self.metrics = metrics
        self.command = command
        self.webhookURL = webhookURL
        self.transport = transport
        self.logger = logger
    }

    /// The hooks that must accept an event before it counts as told.
    package var configured: HookSet {
        var hooks: HookSet = []
        if command?.first != nil { hooks.insert(.command) }
        if webhookURL != nil { hooks.insert(.webhook) }
        return hooks
    }

    /// Tells every configured hook not in `accepted` about `event`.
    @discardableResult
    package func notify(_ event: NotificationEvent, alreadyAccepted accepted: HookSet = []) async -> HookOutcome {
        var outcome = HookOutcome(accepted: accepted, failures: [])
        guard let payload = try? JSONCoding.encoder().encode(event) else {
            return HookOutcome(accepted: accepted, failures: ["the event could not be encoded as JSON"])
        }
        if let command, let executable = command.first, !accepted.contains(.command) {
            if let failure = await run(executable, Array(command.dropFirst()), payload: payload) {
                outcome.failures.append(failure)
                metrics.hookFailed(.command)
                logger.warning("notification command failed", metadata: ["event": "\(event.event)", "error": "\(failure)"])
            } else {
                outcome.accepted.insert(.command)
            }
        }
        if let webhookURL, !accepted.contains(.webhook) {
            if let failure = await post(payload, to: webhookURL, event: event.event) {
                outcome.failures.append(failure)
                metrics.hookFailed(.webhook)
                logger.warning("notification webhook failed", metadata: ["event": "\(event.event)", "error": "\(failure)"])
            } else {
                outcome.accepted.insert(.webhook)
            }
        }
        return outcome
    }

    /// Nil when the webhook answered 2xx, else why not. The URL is never in the text: its path or query
    /// may be the webhook's secret (Slack, ntfy topics, `?token=`); HTTPClient's errors name only host and port.
    private func post(_ payload: Data, to url: String, event: String) async -> String? {
        do {
            let response = try await transport.send(HTTPRequest(method: "POST", url: url, headers: [
                HTTPHeader("Content-Type", "application/json"), HTTPHeader("Title", "schedulerd: \(event)"),
            ], body: Array(payload), timeout: Self.timeout))
            if (200..<300).contains(response.status) { return nil }
            return "webhook answered HTTP \(response.status)"
        } catch let error as HTTPClientError {
            return "webhook unreachable: \(error.message)".replacingOccurrences(of: url, with: "(webhook URL)")
        } catch {
            return "webhook unreachable: \(error)".replacingOccurrences(of: url, with: "(webhook URL)")
        }
    }

    /// Nil when the command exited 0, else why not. Only the executable is named, never its arguments.
    private func run(_ executable: String, _ arguments: [String], payload: Data) async -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Standard input is a socket, not a pipe: writing to a command that exited without reading it gets EPIPE
        // (MSG_NOSIGNAL) instead of a SIGPIPE that would end the daemon.
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return "command \(executable) could not be given its input: \(String(cString: strerror(errno)))"
        }
        let childEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        defer { close(ends[0]) }
        process.standardInput = childEnd
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exited = process.exitStatus()
        do {
            try process.run()
        } catch {
            return "command \(executable) could not run: \(error.localizedDescription)"
        }
        try? childEnd.close()
        Self.send(payload, to: ends[0])
        shutdown(ends[0], Int32(SHUT_WR))
        let status: Int32? = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await exited.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: Self.timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let status else {
            if process.isRunning { process.terminate() }
            return "command \(executable) took over \(Self.timeout) and was stopped"
        }
        return status == 0 ? nil : "command \(executable) exited with status \(status)"
    }

    /// Writes all of `payload`, stopping quietly when the command stopped reading (its exit status decides).
    private static func send(_ payload: Data, to fd: Int32) {
        payload.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(fd, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
