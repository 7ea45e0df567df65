import Connectors
import Foundation
import HTTPClient
import Logging
import Sandbox
import SchedulerCore
import ServiceLifecycle

/// The one place that owns start-up and shutdown: state directory, store and migrations, credential key,
/// network connectors (or the sandbox emulations), the engine and the control socket, in that order.
/// SIGTERM and SIGINT stop the socket first, then let the engine finish what is in flight.
public struct Daemon: Sendable {
    public static let version = "0.1.0"

    let configuration: DaemonConfiguration
    let environment: [String: String]
    let logger: Logger

    public init(configuration: DaemonConfiguration, environment: [String: String], logger: Logger) {
        self.configuration = configuration
        self.environment = environment
        self.logger = logger
    }

    public func run() async throws {
        umask(0o077)
        try createStateDirectory()
        let store = try Store.open(path: configuration.databasePath)
        let vault = try CredentialVault.load(stateDirectory: configuration.stateDirectory, environment: environment)
        let interrupted = try await store.markInterruptedClaimsUnknown()
        if interrupted > 0 {
            logger.warning("deliveries interrupted by the last stop are now unknown", metadata: ["deliveries.count": "\(interrupted)"])
        }
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let notifier = SystemdNotifier(environment: environment)

        try await withThrowingTaskGroup(of: Void.self) { group in
            var sandboxGroup: ServiceGroup?
            var networkURLs = NetworkURLs(configuration)
            if configuration.sandbox, networkURLs.x == nil {
                var sandboxLogger = logger
                sandboxLogger[metadataKey: "component"] = "sandbox"
                let sandbox = SandboxServer(configuration: SandboxConfiguration(), logger: sandboxLogger)
                let serviceGroup = ServiceGroup(services: [sandbox], gracefulShutdownSignals: [], cancellationSignals: [], logger: sandboxLogger)
                group.addTask { try await serviceGroup.run() }
                sandboxGroup = serviceGroup
                networkURLs.x = try await sandbox.baseURL()
                logger.info("sandbox networks started", metadata: ["sandbox.url": "\(networkURLs.x!)"])
            }
            let connectors = try makeConnectors(urls: networkURLs, http: http)
            let wake = WakeSignal()
            let engine = Engine(store: store, connectors: connectors, vault: vault, wake: wake,
                                settings: Engine.Settings(configuration.engine), logger: logger)
            let startedAt = Date()
            let sandboxMode = configuration.sandbox
            let routes = ControlAPIRoutes(
                posts: PostService(store: store, connectors: connectors, wake: wake, defaultZone: configuration.timeZone,
                                   defaultLatenessSeconds: configuration.defaultLatenessSeconds),
                accounts: AccountService(store: store, connectors: connectors, vault: vault, wake: wake),
                status: {
                    let summary = try await store.summary()
                    return StatusView(version: Self.version, startedAt: startedAt, now: Date(), sandbox: sandboxMode,
                                      deliveries: summary.deliveries, nextDue: summary.nextDue,
                                      accountsNeedingAttention: summary.accountsNeedingAttention)
                },
                sandbox: configuration.sandbox ? SandboxRelay(baseURLs: networkURLs.all, transport: http) : nil)
            let control = ControlServer(socketPath: configuration.resolvedSocketPath, routes: routes, logger: logger) {
                notifier.notify("READY=1\nSTATUS=publishing")
            }
            var services: [any Service] = [engine, try control.makeService()]
            if let interval = SystemdNotifier.watchdogInterval(environment: environment) {
                services.append(WatchdogService(notifier: notifier, interval: interval))
            }
            let main = ServiceGroup(services: services, gracefulShutdownSignals: [.sigterm, .sigint], cancellationSignals: [], logger: logger)
            do {
                try await main.run()
            } catch {
                notifier.notify("STOPPING=1")
                await sandboxGroup?.triggerGracefulShutdown()
                throw error
            }
            notifier.notify("STOPPING=1")
            unlink(configuration.resolvedSocketPath)
            await sandboxGroup?.triggerGracefulShutdown()
            try await group.waitForAll()
            logger.info("schedulerd stopped")
        }
    }

    private func createStateDirectory() throws {
        let path = configuration.stateDirectory
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ConfigurationError("cannot create the state directory \(path): \(error.localizedDescription)")
        }
        guard access(path, W_OK) == 0 else {
            throw ConfigurationError("the state directory \(path) is not writable by this user")
        }
    }

    private func makeConnectors(urls: NetworkURLs, http: CurlHTTPClient) throws -> ConnectorRegistry {
        var registry = ConnectorRegistry()
        let timeout = Duration.seconds(configuration.engine.requestTimeoutSeconds)
        if configuration.sandbox {
            registry.register(XConnector(configuration: .init(apiBaseURL: urls.x!, consumerKey: SandboxCredentials.xConsumerKey,
                                                              consumerSecret: SandboxCredentials.xConsumerSecret, requestTimeout: timeout),
                                         transport: http))
        } else if let key = configuration.x.consumerKey {
            let secret = try SecretFile.read(configuration.x.consumerSecretFile, credentialName: "x-consumer-secret",
                                             environment: environment, what: "networks.x.consumer_secret_file")
            registry.register(XConnector(configuration: .init(apiBaseURL: urls.x ?? "https://api.x.com", consumerKey: key,
                                                              consumerSecret: secret, requestTimeout: timeout),
                                         transport: http))
        }
        return registry
    }
}

/// Each network's API base URL: from the configuration, or the sandbox emulation's.
struct NetworkURLs {
    var x: String?

    init(_ configuration: DaemonConfiguration) {
        x = configuration.x.apiBaseURL
    }

    var all: [Network: String] {
        var urls: [Network: String] = [:]
        if let x { urls[.x] = x }
        return urls
    }
}
