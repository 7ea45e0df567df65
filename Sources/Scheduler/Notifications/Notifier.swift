import Foundation
import HTTPClient
import Logging
import SchedulerCore

/// The hooks receive the same record `schedctl events` shows.
public typealias NotificationEvent = EventView

/// Runs the configured notification hooks: a command that gets the event as JSON on standard input
/// (started directly, no shell, so nothing in a caption is ever interpreted), and an HTTP webhook.
/// A failing hook is logged, never fatal.
public struct Notifier: Sendable {
    public var command: [String]?
    public var webhookURL: String?
    let transport: any HTTPTransport
    let logger: Logger

    public init(command: [String]?, webhookURL: String?, transport: any HTTPTransport, logger: Logger) {
        self.command = command
        self.webhookURL = webhookURL
        self.transport = transport
        self.logger = logger
    }

    public func notify(_ event: NotificationEvent) async {
        guard let payload = try? JSONCoding.encoder().encode(event) else { return }
        if let command, let executable = command.first {
            await run(executable, Array(command.dropFirst()), payload: payload, event: event.event)
        }
        if let webhookURL {
            do {
                let response = try await transport.send(HTTPRequest(method: "POST", url: webhookURL, headers: [
                    HTTPHeader("Content-Type", "application/json"), HTTPHeader("Title", "schedulerd: \(event.event)"),
                ], body: Array(payload), timeout: .seconds(15)))
                if !(200..<300).contains(response.status) {
                    logger.warning("notification webhook refused the event", metadata: ["event": "\(event.event)", "http.status": "\(response.status)"])
                }
            } catch {
                logger.warning("notification webhook unreachable", metadata: ["event": "\(event.event)", "error": "\(error)"])
            }
        }
    }

    private func run(_ executable: String, _ arguments: [String], payload: Data, event: String) async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            try input.fileHandleForWriting.write(contentsOf: payload)
            try input.fileHandleForWriting.close()
        } catch {
            logger.warning("notification command could not run", metadata: ["event": "\(event)", "command": "\(executable)", "error": "\(error)"])
            return
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            process.terminate()
            logger.warning("notification command took over 30 s and was stopped", metadata: ["event": "\(event)", "command": "\(executable)"])
        } else if process.terminationStatus != 0 {
            logger.warning("notification command failed", metadata: ["event": "\(event)", "command": "\(executable)", "exit": "\(process.terminationStatus)"])
        }
    }
}
