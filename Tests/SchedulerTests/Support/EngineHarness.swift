import Connectors
import Foundation
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import ServiceLifecycle
@testable import Scheduler

/// The engine's wall clock in a test: the real one, or one a test steps.
struct WallClock: Sendable {
    var now: @Sendable () -> Date = Date.init
}

/// A store, a vault, a scripted connector and an engine over them, run inside a `ServiceGroup`.
struct EngineHarness {
    let store: SQLiteStore
    let vault: CredentialVault
    let connector: ScriptedConnector
    let wake = WakeSignal()
    let engine: Engine
    let log = LogRecorder()

    static let logger = Logger(label: "engine-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// `others` are connectors for further networks, beside the X one in ``connector``.
    init(_ behaviour: ScriptedConnector.Behaviour = .succeed, budget: PublishBudget = PublishBudget(), others: [any Connector] = [],
         metrics: SchedulerMetrics = SchedulerMetrics(), clock: WallClock = WallClock(),
         configure: (inout Engine.Settings) -> Void = { _ in }) throws {
        store = try SQLiteStore.inMemory()
        vault = try CredentialVault(key: testKey())
        connector = ScriptedConnector(behaviour)
        var settings = Engine.Settings(EngineSettings())
        settings.retry.baseSeconds = 600
        settings.retry.maxSeconds = 3_600
        // Short, so recoveries happen within a test; a test about the timeline sets its own.
        settings.settling = SettlingTimes(requestTimeout: 0.1, inFlightMargin: 0.05, listingLag: 0.1)
        configure(&settings)
        let credentials = CredentialProvider(store: store, vault: vault, linkers: LinkerRegistry(), logger: Self.logger)
        engine = Engine(store: store, connectors: ConnectorRegistry([connector as any Connector] + others), credentials: credentials, wake: wake,
                        settings: settings, budget: budget, metrics: metrics, logger: log.logger(label: "engine"), now: clock.now)
    }

    func addAccount(_ handle: String, network: Network = .x) async throws -> AccountRecord {
        try await store.addAccount(handle, network: network, vault: vault)
    }

    /// A post that is already due, and the engine woken for it.
    @discardableResult
    func addDuePost(_ text: String, to accounts: [AccountRecord]) async throws -> PostRecord {
        let post = try await store.addPost(text, due: Date().addingTimeInterval(-1), to: accounts, now: Date())
        wake.signal()
        return post
    }

    /// Runs the engine in a service group for the duration of `body`, then shuts it down gracefully.
    func running(_ body: @Sendable () async throws -> Void) async throws {
        let group = ServiceGroup(services: [engine], logger: Self.logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await body()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    func state(ofPost id: Int64) async throws -> DeliveryState {
        try await store.delivery(ofPost: id).state
    }
}
