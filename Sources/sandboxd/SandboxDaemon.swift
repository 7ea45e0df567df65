import ArgumentParser
import Logging
import Sandbox
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the sandbox networks as a process of their own, for end-to-end tests and manual poking.
@main
struct SandboxDaemon: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandboxd",
        abstract: "Serve local emulations of the social networks on loopback.",
        discussion: """
            Prints one line, `sandboxd listening http://127.0.0.1:PORT`, once it accepts connections, \
            and stops gracefully on SIGTERM or SIGINT.

            Examples:
              sandboxd
              sandboxd --port 8080
              curl -X POST http://127.0.0.1:8080/_sandbox/x/tokens -d '{"username":"runner"}'
            """
    )

    @Option(help: "The loopback address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "Log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: Logger.Level = .info

    func validate() throws {
        guard SandboxConfiguration.isLoopback(host) else {
            throw ValidationError("--host must be a loopback address (127.0.0.1, ::1 or localhost); got \(host).")
        }
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535; got \(port).")
        }
    }

    func run() async throws {
        var logger = Logger(label: "sandboxd", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = logLevel
        let sandbox = SandboxServer(configuration: .init(host: host, port: port), logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: sandbox)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            tasks.addTask { try await Self.announce(sandbox) }
            try await tasks.waitForAll()
        }
    }

    /// Prints the one line that tells a parent process where to connect, and flushes it at once.
    static func announce(_ sandbox: SandboxServer) async throws {
        let url = try await sandbox.baseURL()
        print("sandboxd listening \(url)")
        fflush(nil)  // all streams; naming `stdout` is not concurrency-safe in Swift 6
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
