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
            Each network host gets its own port: X; Facebook Graph (which serves Instagram too); LinkedIn. \
            Once all accept connections it prints one line, \
            `sandboxd listening http://127.0.0.1:PX facebook=http://127.0.0.1:PF linkedin=http://127.0.0.1:PL` \
            (X's URL is the third word), and stops gracefully on SIGTERM or SIGINT. \
            Every port answers GET /_sandbox/received, /rejected, /issued, /revoked and /listeners.

            Examples:
              sandboxd
              sandboxd --port 8080 --access-token-lifetime 2s --code-lifetime 1s
              curl -X POST http://127.0.0.1:8080/_sandbox/x/tokens -d '{"username":"runner"}'
            """
    )

    @Option(help: "The loopback address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "X's port; 0 picks a free one.")
    var port = 0

    @Option(help: "The Facebook Graph (and Instagram) port; 0 picks a free one.")
    var facebookPort = 0

    @Option(help: "LinkedIn's port; 0 picks a free one.")
    var linkedinPort = 0

    @Option(help: "How long every OAuth 2.0 access token lasts (90s, 15m, 2h, 60d); default: each network's real lifetime.", transform: lifetime)
    var accessTokenLifetime: Duration?

    @Option(help: "How long an authorization code or OAuth 1.0a request token stays usable.", transform: lifetime)
    var codeLifetime: Duration = .seconds(60)

    @Option(help: "How long a refresh token lasts; default: no expiry (X's refresh tokens end when used or revoked).", transform: lifetime)
    var refreshTokenLifetime: Duration?

    @Option(help: "Log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: Logger.Level = .info

    func validate() throws {
        guard SandboxConfiguration.isLoopback(host) else {
            throw ValidationError("--host must be a loopback address (127.0.0.1, ::1 or localhost); got \(host).")
        }
        for (flag, value) in [("--port", port), ("--facebook-port", facebookPort), ("--linkedin-port", linkedinPort)] {
            guard (0...65535).contains(value) else {
                throw ValidationError("\(flag) must be between 0 and 65535; got \(value).")
            }
        }
    }

    func run() async throws {
        var logger = Logger(label: "sandboxd", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = logLevel
        let configuration = SandboxConfiguration(
            host: host,
            port: port,
            facebookPort: facebookPort,
            linkedinPort: linkedinPort,
            accessTokenLifetime: accessTokenLifetime,
            authorizationCodeLifetime: codeLifetime,
            refreshTokenLifetime: refreshTokenLifetime
        )
        let sandbox = SandboxServer(configuration: configuration, logger: logger)
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
        let urls = try await sandbox.baseURLs()
        print(announcement(urls))
        fflush(nil)  // all streams; naming `stdout` is not concurrency-safe in Swift 6
    }

    /// `sandboxd listening X facebook=F linkedin=L`: X's URL stays the third word for older readers.
    static func announcement(_ urls: [String: String]) -> String {
        "sandboxd listening \(urls["x"] ?? "") facebook=\(urls["facebook"] ?? "") linkedin=\(urls["linkedin"] ?? "")"
    }

    /// Reads `2s`, `15m`, `2h` or `60d`.
    static func lifetime(_ text: String) throws -> Duration {
        guard let duration = SandboxConfiguration.parseLifetime(text) else {
            throw ValidationError("A lifetime is a whole number and a unit: 90s, 15m, 2h or 60d; got \(text).")
        }
        return duration
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
