#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// Local, faithful emulations of the social networks, served over HTTP on loopback.
///
/// `sandboxd` runs one as its own process, which `schedulerd --sandbox` starts beside itself so a newcomer can link,
/// schedule and publish with no credentials and no internet, and which end-to-end tests start directly; the sandbox's
/// and the connectors' tests run one in-process.
/// Each network host gets its own port (X; Facebook Graph, which serves Instagram too; LinkedIn),
/// because the real networks' paths collide; every port also answers the `/_sandbox/…` helpers
/// from one shared record. It is a `Service`: run it in a `ServiceGroup` and it stops on graceful shutdown.
///
/// ```swift
/// let sandbox = SandboxServer(logger: logger)
/// let group = ServiceGroup(services: [sandbox, daemon], gracefulShutdownSignals: [.sigterm], logger: logger)
/// async let _ = group.run()
/// let xBaseURL = try await sandbox.baseURL()            // "http://127.0.0.1:PORT"
/// let graphURL = try await sandbox.baseURLs()["facebook"]!
/// ```
public final class SandboxServer: Service, Sendable, CustomStringConvertible {
    private let configuration: SandboxConfiguration
    private let logger: Logger
    private let recorder = Recorder()
    private let files = SandboxFileShelf()
    private let state = ListenerState()
    private let faults: FaultInjector
    private let environment: SandboxEnvironment
    private let listeners: [SandboxListener]
    /// The PDS, which tests ask how often records were read.
    let bluesky: BlueskySandboxNetwork

    /// - Parameters:
    ///   - configuration: where to listen, how strict to be and how long tokens last; the host must be loopback.
    ///   - logger: where the sandbox logs (debug level for requests; secrets never appear).
    public convenience init(configuration: SandboxConfiguration = .init(), logger: Logger) {
        self.init(configuration: configuration, logger: logger, now: { Date() })
    }

    /// Creates a sandbox whose clock is `now`, so tests can expire codes and tokens without sleeping.
    ///
    /// - Parameter fetcher: how Instagram and Facebook download media by URL; libcurl unless a test substitutes one.
    init(configuration: SandboxConfiguration, logger: Logger, now: @escaping @Sendable () -> Date, fetcher: (any MediaFetcher)? = nil) {
        self.configuration = configuration
        self.logger = logger
        let environment = SandboxEnvironment(
            recorder: recorder, now: now, logger: logger, configuration: configuration, fetcher: fetcher ?? CurlMediaFetcher(),
            listings: ListingSettings(configuration.listingBehaviour)
        )
        self.environment = environment
        self.faults = FaultInjector(plan: configuration.faults)
        let x = XSandboxNetwork(environment: environment)
        let facebook = FacebookSandboxNetwork(environment: environment)
        let linkedin = LinkedInSandboxNetwork(environment: environment)
        let bluesky = BlueskySandboxNetwork(environment: environment)
        self.bluesky = bluesky
        // Two instances with different limits, as real ones differ: Mastodon's default 500 characters, and 1,000.
        let mastodon = MastodonSandboxNetwork(environment: environment, instance: MastodonInstanceSettings(domain: SandboxAnnouncement.mastodonDomains["mastodon"]!))
        let mastodonLong = MastodonSandboxNetwork(environment: environment,
                                                  instance: MastodonInstanceSettings(domain: SandboxAnnouncement.mastodonDomains["mastodon-long"]!,
                                                                                     maxCharacters: 1_000))
        var threadsLimits = ThreadsLimits()
        threadsLimits.posts = configuration.threadsPostQuota
        let threads = ThreadsSandboxNetwork(environment: environment, limits: threadsLimits)
        let listeners: [String: SandboxListener] = [
            "x": SandboxListener(name: "x", networks: [x], faultAnswers: XFaultAnswers(oauth: x.oauth2)),
            "facebook": SandboxListener(name: "facebook", networks: [facebook], faultAnswers: GraphFaultAnswers(oauth: facebook.oauth)),
            "linkedin": SandboxListener(name: "linkedin", networks: [linkedin], faultAnswers: LinkedInFaultAnswers(oauth: linkedin.oauth)),
            "bluesky": SandboxListener(name: "bluesky", networks: [bluesky], faultAnswers: BlueskyFaultAnswers(accounts: bluesky.accounts)),
            "mastodon": SandboxListener(name: "mastodon", networks: [mastodon], faultAnswers: MastodonFaultAnswers(instance: mastodon)),
            "mastodon-long": SandboxListener(name: "mastodon-long", networks: [mastodonLong], faultAnswers: MastodonFaultAnswers(instance: mastodonLong)),
            "threads": SandboxListener(name: "threads", networks: [threads], faultAnswers: ThreadsFaultAnswers(oauth: threads.oauth)),
        ]
        // In the registry's order, each with the port asked for it.
        self.listeners = SandboxListener.names.compactMap { name in
            listeners[name].map { var listener = $0; listener.port = configuration.port(for: name); return listener }
        }
    }

    public var description: String { "SandboxServer" }

    /// Serves every listener until graceful shutdown or cancellation; if one cannot bind, all stop.
    ///
    /// - Throws: ``SandboxError`` when the host is not loopback; the server's error when a port cannot be bound.
    public func run() async throws {
        guard configuration.isLoopback else {
            let error = SandboxError(code: .notLoopback, message: "The sandbox only listens on loopback; \(configuration.host) is not.")
            await state.stopped(error)
            throw error
        }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for listener in listeners {
                    group.addTask { try await self.serve(listener) }
                }
                try await group.waitForAll()
            }
        } catch {
            await state.stopped(SandboxError(code: .notListening, message: "The sandbox stopped: \(error)"))
            throw error
        }
        await state.stopped(SandboxError(code: .stopped, message: "The sandbox has stopped."))
    }

    /// X's base URL once it listens (`http://127.0.0.1:PORT`).
    ///
    /// - Throws: ``SandboxError`` when the server stopped or failed to start, `CancellationError` when cancelled.
    public func baseURL() async throws -> String {
        try await state.url("x")
    }

    /// Every network's base URL once all listen: `x`, `facebook`, `linkedin`, and `instagram` (the Graph listener).
    ///
    /// - Throws: ``SandboxError`` when the server stopped or failed to start, `CancellationError` when cancelled.
    public func baseURLs() async throws -> [String: String] {
        Self.withAliases(try await state.urls(needing: Set(SandboxListener.names)))
    }

    /// Every publish accepted so far, in arrival order; the same data as `GET /_sandbox/received`.
    public func received() async -> [ReceivedRequest] {
        await recorder.received()
    }

    /// Every request refused so far, in arrival order; the same data as `GET /_sandbox/rejected`.
    public func rejected() async -> [RejectedRequest] {
        await recorder.rejected()
    }

    /// Every credential issued so far (never its value); the same data as `GET /_sandbox/issued`.
    public func issued() async -> [IssuedToken] {
        await recorder.issued()
    }

    /// Every revocation so far; the same data as `GET /_sandbox/revoked`.
    public func revoked() async -> [TokenRevocation] {
        await recorder.revoked()
    }

    /// Every fault injected so far, in the order recorded; the same data as `GET /_sandbox/faults`.
    public func injectedFaults() async -> [InjectedFault] {
        await faults.faults()
    }

    /// The fault plan in force and the seed in use (the plan's, or one picked for it), to log for a replay.
    public func faultPlan() async -> (plan: FaultPlan, seed: UInt64) {
        await faults.current()
    }

    /// Replaces the fault plan, as `PUT /_sandbox/faults` does; ``FaultPlan/off`` stops injecting.
    public func setFaultPlan(_ plan: FaultPlan) async {
        await faults.replace(plan)
    }

    /// How listings behave now (lag, rewriting); the same as `GET /_sandbox/listings`.
    public func listingBehaviour() -> ListingBehaviour {
        environment.listings.current
    }

    /// Changes how listings behave, as `PUT /_sandbox/listings` does.
    public func setListingBehaviour(_ behaviour: ListingBehaviour) {
        environment.listings.replace(behaviour)
    }

    /// Runs one listener's HTTP server, with the fault injector in front of its routes. A port asked for that cannot be
    /// bound is given up for one the system picks when ``SandboxConfiguration/fallsBackFromTakenPorts`` says so.
    private func serve(_ listener: SandboxListener) async throws {
        let listened = ListenedFlag()
        do {
            try await serve(listener, port: listener.port, listened: listened)
        } catch where listener.port != 0 && configuration.fallsBackFromTakenPorts && !listened.isSet && !Task.isCancelled {
            logger.warning("Sandbox port taken; listening on one the system picks", metadata: [
                "sandbox.listener": "\(listener.name)", "sandbox.port": "\(listener.port)", "error": "\(error)",
            ])
            try await serve(listener, port: 0, listened: listened)
        }
    }

    /// `listened` is set once it listens: an error after that is no taken port.
    private func serve(_ listener: SandboxListener, port: Int, listened: ListenedFlag) async throws {
        let responder = FaultingResponder(
            router: makeRouter(for: listener).buildResponder(), injector: faults, answers: listener.faultAnswers, environment: environment
        )
        let application = Application(
            responder: responder,
            configuration: .init(address: .hostname(configuration.bindHost, port: port), serverName: "sandbox-\(listener.name)"),
            onServerRunning: { [state, configuration, logger] channel in
                listened.set()
                let url = Self.baseURL(host: configuration.host, port: channel.localAddress?.port ?? port)
                logger.debug("Sandbox listening", metadata: ["sandbox.listener": "\(listener.name)", "sandbox.url": "\(url)"])
                await state.listening(listener.name, at: url)
            },
            logger: logger
        )
        try await application.run()
    }

    /// The listener's own API routes, every network's helpers and the shared `/_sandbox/…` records.
    private func makeRouter(for listener: SandboxListener) -> Router<BasicRequestContext> {
        let router = Router()
        for network in listener.networks {
            network.addRoutes(to: router)
        }
        for network in listeners.flatMap(\.networks) {
            network.addHelperRoutes(to: router)
        }
        SandboxControlRoutes(recorder: recorder, files: files, listeners: { [state] in
            Self.withAliases(try await state.urls(needing: Set(SandboxListener.names)))
        }).addRoutes(to: router)
        FaultControlRoutes(injector: faults).addRoutes(to: router)
        ListingControlRoutes(settings: environment.listings).addRoutes(to: router)
        SandboxTileRoutes().addRoutes(to: router)
        return router
    }

    /// `urls` plus the aliases (`instagram`).
    private static func withAliases(_ urls: [String: String]) -> [String: String] {
        var urls = urls
        for (alias, name) in SandboxListener.aliases { urls[alias] = urls[name] }
        return urls
    }

    /// `http://HOST:PORT`, bracketing an IPv6 literal.
    static func baseURL(host: String, port: Int) -> String {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let printable = bare.contains(":") ? "[\(bare)]" : bare
        return "http://\(printable):\(port)"
    }
}

/// Whether a listener got as far as listening, set from its server's start-up callback.
private final class ListenedFlag: Sendable {
    private let flag = Mutex(false)
    var isSet: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }
}
