import Connectors
import Foundation
import HTTPClient
import Logging
import SchedulerCore
import SchedulerDomain
import SchedulerServer
import SchedulerServices
import SchedulerStores
import ServiceLifecycle

/// What the daemon needs of its store: everything kept, the integrity check, and what the store can offer beyond storing.
package typealias DaemonStore = SchedulerStore & StoreIntegrityChecking & StoreCapabilities & StoreFailureDescribing

/// The one place that owns start-up and shutdown: state directory and its lock, store and migrations, credential key,
/// network connectors (or, in sandbox mode, a `sandboxd` child with the emulations), the engine and the control socket,
/// in that order.
/// SIGTERM and SIGINT stop the socket first, then let the engine finish what is in flight.
package struct Daemon: Sendable {
    /// The version the status view, backups and store messages name (BuildInfo, from the VERSION file).
    package static let version = BuildInfo.version

    package let configuration: DaemonConfiguration
    package let environment: [String: String]
    package let logger: Logger

    package init(configuration: DaemonConfiguration, environment: [String: String], logger: Logger) {
        self.configuration = configuration
        self.environment = environment
        self.logger = logger
    }

    package func run() async throws {
        umask(0o077)
        try createStateDirectory()
        // Before anything reads or changes the state: a second daemon on this directory stops here.
        let lock = try StateDirectoryLock.acquire(stateDirectory: configuration.stateDirectory)
        defer { withExtendedLifetime(lock) {} }
        let descriptors = makeDescriptorBudget()
        let wake = WakeSignal()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let notifier = SystemdNotifier(environment: environment)

        try await withThrowingTaskGroup(of: Void.self) { group in
            var auxiliaryGroups: [ServiceGroup] = []
            // The shared store's pool, lease and listener run first and stop last.
            var storeGroup: ServiceGroup?
            let store: any DaemonStore
            if let location = configuration.store.postgres {
                let postgres = try makePostgresStore(location, wake: wake)
                let services = ServiceGroup(services: [postgres], gracefulShutdownSignals: [], cancellationSignals: [], logger: logger)
                group.addTask { try await services.run() }
                storeGroup = services
                try await prepare(postgres)
                store = postgres
            } else {
                store = try SQLiteStore.open(path: configuration.databasePath)
            }
            try await run(store: store, shared: storeGroup != nil, wake: wake, http: http, notifier: notifier, descriptors: descriptors,
                          in: &group, auxiliaryGroups: &auxiliaryGroups)
            await storeGroup?.triggerGracefulShutdown()
            try await group.waitForAll()
            logger.info("schedulerd stopped")
        }
    }

    private func run(store: any DaemonStore, shared: Bool, wake: WakeSignal, http: CurlHTTPClient, notifier: SystemdNotifier,
                     descriptors: DescriptorBudget, in group: inout ThrowingTaskGroup<Void, any Error>,
                     auxiliaryGroups: inout [ServiceGroup]) async throws {
        let (vault, versionWarnings) = try await prepare(store: store)
        // Only when configured: the instruments record into the Prometheus registry it serves, else into nothing.
        let prometheus = configuration.metricsListen.map { PrometheusEndpoint(listen: $0, descriptors: descriptors, logger: logger) }
        prometheus?.readCounts(from: store)
        let (sandboxd, sandboxRecord) = try await startSandboxIfOwn(in: &group, auxiliaryGroups: &auxiliaryGroups)
        let urls = sandboxd.map { NetworkURLs(sandbox: $0.urls) } ?? NetworkURLs(configuration)
        let library = MediaLibrary(stateDirectory: configuration.stateDirectory, shared: store.sharedMedia)
        let mediaBaseURL = configuration.sandbox && configuration.mediaBaseURL == nil
            ? await startMediaServer(library, in: &group, auxiliaryGroups: &auxiliaryGroups) : configuration.mediaBaseURL
        let parts = try await compose(CompositionInputs(store: store, shared: shared, wake: wake, http: http, vault: vault,
                                                        versionWarnings: versionWarnings.map(\.message), urls: urls, library: library,
                                                        mediaBaseURL: mediaBaseURL, sandboxd: sandboxd, prometheus: prometheus))
        try await checkSealedCredentials(store: store, vault: vault, shared: shared)
        if let sandboxd { try await settle(sandboxd, since: sandboxRecord, store: store, vault: vault) }
        let control = ControlServer(socketPath: configuration.resolvedSocketPath, routes: ControlAPIRoutes(parts.services),
                                    connections: ConnectionGuard(listener: "control", limits: .controlSocket, descriptors: descriptors, logger: logger),
                                    logger: logger) {
            notifier.notify("READY=1\nSTATUS=publishing")
        }
        // Shut down in reverse: the event bus first (ending `events --follow` streams), then the socket,
        // then the engine, which finishes what is in flight.
        var running: [any Service] = [parts.engine, SeriesExtender(series: parts.series), MediaSweeper(library: library, references: store, logger: logger),
                                       InstanceLimitsRefresh(store: store, vault: vault, transport: http, logger: logger),
                                       TokenKeeper(store: store, credentials: parts.credentials, logger: logger),
                                       try control.makeService(), parts.events]
        // First, so they stop last: a scrape or a page during shutdown still answers.
        if let prometheus { running.insert(prometheus, at: 0) }
        if let web = webServer(store: store, services: parts.services, descriptors: descriptors) { running.insert(web, at: 0) }
        if let inbox = parts.services.inbox { running.append(inbox) }
        running += upkeepServices(notifier: notifier)
        try await runUntilStopped(running, notifier: notifier, auxiliaryGroups: auxiliaryGroups)
    }

    /// The daemon's upkeep of itself: systemd's watchdog when the unit asks for one, and handing back idle pages.
    private func upkeepServices(notifier: SystemdNotifier) -> [any Service] {
        var upkeep: [any Service] = []
        if let interval = SystemdNotifier.watchdogInterval(environment: environment) {
            upkeep.append(WatchdogService(notifier: notifier, interval: interval))
        }
        if handsBackPages { upkeep.append(IdlePagesService(logger: logger)) }
        return upkeep
    }

    /// Whether clean program pages go back to the kernel: after start-up, and when idle (IdlePagesService). Only
    /// `SCHEDULERD_KEEP_STARTUP_PAGES=1` keeps them all: `make bench-memory`'s baseline.
    private var handsBackPages: Bool { environment["SCHEDULERD_KEEP_STARTUP_PAGES"] != "1" }

    /// Start-up is over (store open and migrated, configuration read, services built): its pages go back to the kernel
    /// before the socket answers, so the idle daemon keeps what serving uses (StartupPages says why).
    /// `SCHEDULERD_KEEP_STARTUP_PAGES=1` keeps them, so `make bench-memory` measures the difference in one run.
    private func handBackStartupPages() {
        guard handsBackPages else { return }
        let outcome = StartupPages.handBack()
        if let refusal = outcome.refusal {
            logger.debug("start-up pages kept: the kernel refused the advice (\(refusal))")
        } else {
            logger.debug("start-up pages handed back", metadata: ["ranges": "\(outcome.rangesAdvised)",
                                                                   "megabytes": "\(outcome.bytesSpanned >> 20)"])
        }
    }

    /// Where handoff bundles wait for the person, and when they are reminded and expire.
    var handoffDesk: HandoffDesk {
        HandoffDesk(stateDirectory: configuration.stateDirectory, remindAfter: TimeInterval(configuration.handoffRemindAfterSeconds),
                    expireAfter: TimeInterval(configuration.handoffExpireAfterSeconds))
    }

    /// The web app, when `[web]` asks for it, over the same services as the control API.
    private func webServer(store: any DaemonStore, services: DaemonServices, descriptors: DescriptorBudget) -> WebServer? {
        guard let web = configuration.web, let pages = webPages(store: store, services: services) else { return nil }
        if let warning = web.plainHTTPWarning { logger.warning("\(warning); put a TLS reverse proxy in front (docs/web.md)") }
        return WebServer(configuration: web, pages: pages,
                         connections: ConnectionGuard(listener: "web", limits: .web, descriptors: descriptors, logger: logger), logger: logger)
    }

    /// The services the control API and the web app translate to, each given the parts it decides with.
    func makeServices(store: any DaemonStore, posts: PostService, linkers: LinkerRegistry, vault: CredentialVault,
                            credentials: CredentialProvider, handoff: HandoffDesk, events: EventBus, library: MediaLibrary,
                            queue: QueueService, series: SeriesService, status: StatusService, wake: WakeSignal,
                            apps: NetworkApps, sandboxURLs: [Network: String], sandboxd: SandboxdProcess?, http: CurlHTTPClient) -> DaemonServices {
        let runs = RunPostService(posts: posts, map: runMap(sandboxBaseURL: sandboxURLs[.x], http: http), privacy: configuration.runs.privacy)
        return DaemonServices(
            posts: posts,
            runs: runs,
            inbox: configuration.runs.inbox.map {
                InboxService(folder: $0, settings: configuration.runs, runs: runs, store: store, zone: configuration.timeZone, logger: logger)
            },
            accounts: AccountService(store: store, linkers: linkers, vault: vault, credentials: credentials, wake: wake,
                                     headlessRedirectURI: configuration.headlessRedirectURI,
                                     webRedirectURI: configuration.web.map { $0.baseURL + WebPages.linkCallbackPath },
                                     sandboxInstances: sandboxd?.mastodonInstances ?? [:]),
            handoffs: HandoffService(store: store, desk: handoff, media: library),
            queue: queue,
            calendar: CalendarService(store: store, series: series),
            recovery: RecoveryService(store: store, wake: wake),
            events: EventService(store: store, bus: events),
            media: MediaService(library: library),
            status: { try await status.status() },
            health: status.health,
            doctor: Doctor(configuration: configuration, environment: environment, store: store, vault: vault,
                           clock: ClockSkewProbe(targets: apps.apiBaseURLs, transport: http), health: status.health,
                           networkAddresses: apps.addresses, sandboxGone: status.sandboxGone),
            backup: BackupService(copies: store.backupCopies(stateDirectory: configuration.stateDirectory), key: vault.key),
            sandbox: configuration.sandbox ? SandboxRelay(baseURLs: sandboxURLs, transport: http) : nil,
            webUsers: WebUserService(store: store))
    }

    /// The map under run cards' routes, when `[runs.map]` asks for it: through the daemon's libcurl client, cached in
    /// the state directory unless `cache_dir` says otherwise.
    private func runMap(sandboxBaseURL: String?, http: CurlHTTPClient) -> MapTileSource? {
        guard let settings = configuration.runs.map else { return nil }
        var mapLogger = logger
        mapLogger[metadataKey: "component"] = "run-map"
        return MapTileSource(settings: settings.resolved(sandboxBaseURL: sandboxBaseURL), stateDirectory: configuration.stateDirectory,
                             transport: http, logger: mapLogger)
    }

    /// The credential key, and what the store is told at every start: pauses for refusals lifted, retired API versions
    /// noted once, old events settled.
    private func prepare(store: any DaemonStore) async throws -> (CredentialVault, [APIVersionWarnings.Warning]) {
        // A key is created only when no sealed credential needs the old one.
        let vault = try CredentialVault.load(stateDirectory: configuration.stateDirectory, environment: environment,
                                             sealedCredentials: try await store.sealedCredentialCount())
        for network in try await store.liftRefusalPausesAtStart() {
            logger.notice("a network that refused this app is tried again after the restart", metadata: ["account.network": "\(network)"])
        }
        let versionWarnings = APIVersionWarnings.check(configuration, now: Date())
        for warning in versionWarnings {
            logger.error("configured API version is retired or retires soon", metadata: ["account.network": "\(warning.network)",
                                                                                      "warning": "\(warning.message)"])
        }
        try await store.noteAPIVersionWarnings(versionWarnings.map { ($0.network, $0.message) })
        try await store.settleOldEvents(before: Date().addingTimeInterval(-HookRetryPolicy.giveUpAfter), retention: EventBus.retention,
                                        hooksConfigured: configuration.notifyCommand != nil || configuration.notifyWebhookURL != nil)
        return (vault, versionWarnings)
    }

    /// In sandbox mode the emulated Instagram fetches media by URL: the daemon serves its files on a loopback port.
    private func startMediaServer(_ library: MediaLibrary, in group: inout ThrowingTaskGroup<Void, any Error>,
                                  auxiliaryGroups: inout [ServiceGroup]) async -> String? {
        let mediaServer = MediaServer(library: library, logger: logger)
        let mediaGroup = ServiceGroup(services: [mediaServer], gracefulShutdownSignals: [], cancellationSignals: [], logger: logger)
        group.addTask { try await mediaGroup.run() }
        auxiliaryGroups.append(mediaGroup)
        return await mediaServer.baseURL()
    }

    /// Hands back start-up's pages, runs the daemon's services until SIGTERM or SIGINT, then tells systemd it stops and
    /// stops the auxiliary groups.
    private func runUntilStopped(_ services: [any Service], notifier: SystemdNotifier, auxiliaryGroups: [ServiceGroup]) async throws {
        let main = ServiceGroup(services: services, gracefulShutdownSignals: [.sigterm, .sigint], cancellationSignals: [], logger: logger)
        handBackStartupPages()
        do {
            try await main.run()
        } catch {
            notifier.notify("STOPPING=1")
            for auxiliary in auxiliaryGroups { await auxiliary.triggerGracefulShutdown() }
            throw error
        }
        notifier.notify("STOPPING=1")
        unlink(configuration.resolvedSocketPath)
        for auxiliary in auxiliaryGroups { await auxiliary.triggerGracefulShutdown() }
    }

    /// Budgets start from the posts published within each network's window before this start.
    func seededBudget(_ store: any DeliveryStore) async throws -> PublishBudget {
        let budget = PublishBudget()
        let now = Date()
        for (network, rules) in PublishBudget.defaultRules {
            for sent in try await store.recentPublishCounts(since: now.addingTimeInterval(-rules.account.window)) where sent.network == network {
                await budget.seed(accountID: sent.accountID, network: network, sent: sent.count, now: now)
            }
        }
        return budget
    }

    /// Raises the descriptor limit and sets aside what the listeners may hold (``DescriptorBudget``), saying so in the log,
    /// loudly when the limit leaves too little.
    private func makeDescriptorBudget() -> DescriptorBudget {
        let (budget, limits) = DescriptorBudget.forThisProcess()
        let metadata: Logger.Metadata = [
            "descriptors.limit": "\(limits.soft)", "descriptors.limit_before": "\(limits.before)", "descriptors.hard_limit": "\(limits.hard)",
            "descriptors.open": "\(limits.openAtStart)", "descriptors.reserved": "\(DescriptorBudget.reserve)",
            "descriptors.for_connections": "\(budget.connections)",
        ]
        if DescriptorBudget.isTooLow(limits) {
            logger.warning("the descriptor limit leaves little room: connections beyond \(budget.connections) are refused; raise LimitNOFILE (the unit sets 65536) or `ulimit -n`",
                           metadata: metadata)
        } else {
            logger.debug("descriptors set aside for connections", metadata: metadata)
        }
        return budget
    }

    private func createStateDirectory() throws {
        try StateDirectory.prepare(configuration.stateDirectory)
    }

    /// A missing or replaced key must not fail silently at publish time: every account whose blob no
    /// longer opens is marked for relinking at start, and the log says so. Posts are untouched.
    ///
    /// A shared store is different: the other daemons' key opens those credentials, so a daemon whose key does
    /// not is the one that is wrong. It refuses to start and changes nothing.
    private func checkSealedCredentials(store: any AccountStore, vault: CredentialVault, shared: Bool) async throws {
        var unusable = 0
        for (accountID, sealed) in try await store.sealedBlobs() {
            do { _ = try vault.open(sealed, accountID: accountID) } catch {
                if shared {
                    throw ConfigurationError("this daemon's credential key does not open the credentials sealed in the shared database "
                        + "(account \(accountID)): every daemon sharing it must be given the same key, as the file "
                        + "\(configuration.stateDirectory)/credentials.key (copy it from another daemon) or the systemd credential schedulerd.key. Nothing was changed")
                }
                unusable += 1
                try await store.markNeedsRelink(accountID: accountID, reason: "\(error.message)")
            }
        }
        if unusable > 0 {
            logger.error("credential key does not open stored credentials; those accounts need relinking",
                         metadata: ["accounts.count": "\(unusable)"])
        }
    }
}
