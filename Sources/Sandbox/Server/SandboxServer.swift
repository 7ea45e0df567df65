#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging
import ServiceLifecycle

/// Local, faithful emulations of the social networks, served over HTTP on loopback.
///
/// `schedulerd --sandbox` runs one in-process so a newcomer can link, schedule and publish with no
/// credentials and no internet; `sandboxd` runs one as its own process for end-to-end tests.
/// It is a `Service`: run it in a `ServiceGroup` and it stops on graceful shutdown.
///
/// ```swift
/// let sandbox = SandboxServer(logger: logger)
/// let group = ServiceGroup(services: [sandbox, daemon], gracefulShutdownSignals: [.sigterm], logger: logger)
/// async let _ = group.run()
/// let xBaseURL = try await sandbox.baseURL()   // "http://127.0.0.1:PORT"
/// ```
public final class SandboxServer: Service, Sendable, CustomStringConvertible {
    private let configuration: SandboxConfiguration
    private let logger: Logger
    private let recorder = Recorder()
    private let listener = ListenerState()
    private let networks: [any SandboxNetwork]

    /// - Parameters:
    ///   - configuration: where to listen and how strict to be; the host must be loopback.
    ///   - logger: where the sandbox logs (debug level for requests; secrets never appear).
    public convenience init(configuration: SandboxConfiguration = .init(), logger: Logger) {
        self.init(configuration: configuration, logger: logger, now: { Date() })
    }

    /// Creates a sandbox whose clock is `now`, so time-dependent behaviour can be tested.
    init(configuration: SandboxConfiguration, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        self.logger = logger
        let environment = SandboxEnvironment(recorder: recorder, now: now, logger: logger, configuration: configuration)
        self.networks = [XSandboxNetwork(environment: environment)]
    }

    public var description: String { "SandboxServer" }

    /// Serves until graceful shutdown or cancellation.
    ///
    /// - Throws: ``SandboxError`` when the host is not loopback; the server's error when it cannot bind.
    public func run() async throws {
        guard configuration.isLoopback else {
            let error = SandboxError(code: .notLoopback, message: "The sandbox only listens on loopback; \(configuration.host) is not.")
            await listener.stopped(error)
            throw error
        }
        let application = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname(configuration.bindHost, port: configuration.port), serverName: "sandbox"),
            onServerRunning: { [listener, configuration, logger] channel in
                let url = Self.baseURL(host: configuration.host, port: channel.localAddress?.port ?? configuration.port)
                logger.debug("Sandbox listening", metadata: ["sandbox.url": "\(url)"])
                await listener.listening(at: url)
            },
            logger: logger
        )
        do {
            try await application.run()
        } catch {
            await listener.stopped(SandboxError(code: .notListening, message: "The sandbox stopped: \(error)"))
            throw error
        }
        await listener.stopped(SandboxError(code: .stopped, message: "The sandbox has stopped."))
    }

    /// The base URL every emulated network answers on, once listening (`http://127.0.0.1:PORT`).
    ///
    /// - Throws: ``SandboxError`` when the server stopped or failed to start, `CancellationError` when cancelled.
    public func baseURL() async throws -> String {
        try await listener.url()
    }

    /// Every publish accepted so far, in arrival order; the same data as `GET /_sandbox/received`.
    public func received() async -> [ReceivedRequest] {
        await recorder.received()
    }

    /// Every request refused so far, in arrival order; the same data as `GET /_sandbox/rejected`.
    public func rejected() async -> [RejectedRequest] {
        await recorder.rejected()
    }

    /// The router with every network's routes and the shared `/_sandbox/…` helpers.
    private func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        for network in networks {
            network.addRoutes(to: router)
        }
        SandboxControlRoutes(recorder: recorder).addRoutes(to: router)
        return router
    }

    /// `http://HOST:PORT`, bracketing an IPv6 literal.
    static func baseURL(host: String, port: Int) -> String {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let printable = bare.contains(":") ? "[\(bare)]" : bare
        return "http://\(printable):\(port)"
    }
}
