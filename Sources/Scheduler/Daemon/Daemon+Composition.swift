import Connectors
import Foundation
import HTTPClient
import Logging
import SchedulerCore
import SchedulerDomain
import SchedulerServer
import SchedulerServices

/// What the daemon is made of once its store is open: the services every route and page calls, and the long-running
/// parts the daemon runs beside its listeners. Made by ``Daemon/compose(_:)``, the one place that wires them, so the
/// daemon and the in-process route tests (Tests/SchedulerServerTests) serve the same routes over the same services.
package struct DaemonComposition: Sendable {
    package let services: DaemonServices
    package let engine: Engine
    package let events: EventBus
    package let series: SeriesService
    package let library: MediaLibrary
    package let credentials: CredentialProvider
}

/// What the composition is made from: the open store, and what start-up already settled (the credential key, the
/// sandbox's or the networks' URLs, the media library and where Instagram fetches from).
package struct CompositionInputs {
    package var store: any DaemonStore
    /// A store other daemons share (PostgreSQL): another daemon's change wakes this one, and re-reads cover a lost one.
    package var shared: Bool
    package var wake: WakeSignal
    package var http: CurlHTTPClient
    package var vault: CredentialVault
    package var versionWarnings: [String]
    package var urls: NetworkURLs
    package var library: MediaLibrary
    package var mediaBaseURL: String?
    /// The daemon's own sandboxd, when it started one.
    package var sandboxd: SandboxdProcess?
    /// The Prometheus endpoint when `[metrics] listen` is set: the instruments record into its registry, else into nothing.
    package var prometheus: PrometheusEndpoint?

    package init(store: any DaemonStore, shared: Bool = false, wake: WakeSignal, http: CurlHTTPClient, vault: CredentialVault,
                 versionWarnings: [String] = [], urls: NetworkURLs, library: MediaLibrary, mediaBaseURL: String?,
                 sandboxd: SandboxdProcess? = nil, prometheus: PrometheusEndpoint? = nil) {
        self.store = store
        self.shared = shared
        self.wake = wake
        self.http = http
        self.vault = vault
        self.versionWarnings = versionWarnings
        self.urls = urls
        self.library = library
        self.mediaBaseURL = mediaBaseURL
        self.sandboxd = sandboxd
        self.prometheus = prometheus
    }
}

extension Daemon {
    /// The connectors, the engine and the services over `inputs.store`, wired as the daemon serves them. Nothing runs
    /// yet: the caller runs the engine and the event bus, and serves the routes.
    package func compose(_ inputs: CompositionInputs) async throws -> DaemonComposition {
        let store = inputs.store
        let metrics = SchedulerMetrics(factory: inputs.prometheus?.factory)
        let health = StoreHealth(describe: { store.failure(of: $0) }, logger: logger, factory: inputs.prometheus?.factory)
        let budget: any PublishBudgeting = if let shared = store.sharedPublishBudget() { shared } else { try await seededBudget(store) }
        let apps = try NetworkApps(configuration: configuration, urls: inputs.urls, environment: environment, mediaBaseURL: inputs.mediaBaseURL)
        let connectors = apps.connectors(transport: inputs.http, timeout: .seconds(configuration.engine.requestTimeoutSeconds))
        let linkers = apps.linkers(transport: inputs.http,
                                   instanceApps: StoredInstanceApps(store: store, vault: inputs.vault, network: .mastodon, now: Date.init))
        let credentials = CredentialProvider(store: store, vault: inputs.vault, linkers: linkers, logger: logger, metrics: metrics)
        let hooks = Notifier(command: configuration.notifyCommand, webhookURL: configuration.notifyWebhookURL, transport: inputs.http, logger: logger,
                             metrics: metrics)
        let events = EventBus(store: store, notifier: hooks, retry: HookRetryPolicy(maxDelay: TimeInterval(configuration.notifyRetryMaxSeconds)),
                              logger: logger)
        let handoff = handoffDesk
        var engineSettings = Engine.Settings(configuration.engine)
        // Another daemon's change wakes this one by NOTIFY; the re-read covers a lost notification.
        if inputs.shared { engineSettings.maxSleepSeconds = Double(configuration.store.rereadSeconds) }
        let engine = Engine(store: store, connectors: connectors, credentials: credentials, wake: inputs.wake, settings: engineSettings,
                            handoff: handoff, budget: budget, media: inputs.library, metrics: metrics, health: health, logger: logger)
        let queue = QueueService(store: store, defaultZone: configuration.timeZone, wake: inputs.wake)
        let series = SeriesService(store: store, wake: inputs.wake, logger: logger)
        let sandboxd = inputs.sandboxd
        let status = StatusService(store: store, startedAt: Date(), sandbox: configuration.sandbox, zone: configuration.timeZone,
                                   versionWarnings: inputs.versionWarnings,
                                   outcomesWaitingForTheStore: { engine.outcomesWaitingForTheStore }, health: health,
                                   sandboxGone: { sandboxd?.gone }, unreachable: { engine.unreachable.view })
        let posts = PostService(store: store, connectors: connectors, wake: inputs.wake, defaultZone: configuration.timeZone,
                                defaultLatenessSeconds: configuration.defaultLatenessSeconds, media: inputs.library, queue: queue, series: series,
                                approvalRequired: configuration.web?.requireApproval ?? false)
        let services = makeServices(store: store, posts: posts, linkers: linkers, vault: inputs.vault, credentials: credentials,
                                    handoff: handoff, events: events, library: inputs.library, queue: queue, series: series, status: status,
                                    wake: inputs.wake, apps: apps, sandboxURLs: inputs.urls.all, sandboxd: sandboxd, http: inputs.http)
        return DaemonComposition(services: services, engine: engine, events: events, series: series, library: inputs.library,
                                 credentials: credentials)
    }

    /// The web app's pages over `services`, when `[web]` asks for them: what ``WebServer`` serves.
    package func webPages(store: any DaemonStore, services: DaemonServices) -> WebPages? {
        guard let web = configuration.web else { return nil }
        return WebPages(sessions: WebSessions(store: store), services: services, configuration: web, zone: configuration.timeZone, logger: logger)
    }
}
