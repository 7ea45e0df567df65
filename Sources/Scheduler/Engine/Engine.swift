import Connectors
import Foundation
import Logging
import SchedulerCore
import ServiceLifecycle
import Synchronization

/// Publishes every due delivery on time: sleeps until the earliest due time (or a wake-up), claims
/// what is due in one transaction, holds back what a rate-limit budget does not allow yet, and
/// publishes the rest concurrently within per-account limits.
///
/// Everything it needs is in the store, so a restart picks up where the last run stopped; a claim whose
/// outcome is unknown is looked up on the network before anything is sent again.
public final class Engine: Service, Sendable {
    public struct Settings: Sendable {
        public var maxConcurrentPublishes: Int
        public var perAccountConcurrency: Int
        public var retry: RetryPolicy
        /// Safety net for wall-clock jumps: the engine re-reads the next due time at least this often.
        public var maxSleepSeconds: Double = 60

        public init(_ engine: EngineSettings) {
            maxConcurrentPublishes = engine.maxConcurrentPublishes
            perAccountConcurrency = engine.perAccountConcurrency
            retry = RetryPolicy(baseSeconds: engine.retryBaseSeconds, maxSeconds: engine.retryMaxSeconds, maxAttempts: engine.maxAttempts)
        }
    }

    let store: Store
    let connectors: ConnectorRegistry
    let credentials: CredentialProvider
    let wake: WakeSignal
    let settings: Settings
    let handoff: HandoffDesk?
    let budget: PublishBudget
    let logger: Logger
    let now: @Sendable () -> Date
    let limiter: ConcurrencyLimiter
    private let inFlight = InFlightCounter()
    private let stopping = Mutex(false)

    public init(store: Store, connectors: ConnectorRegistry, credentials: CredentialProvider, wake: WakeSignal,
                settings: Settings, handoff: HandoffDesk? = nil, budget: PublishBudget = PublishBudget(), logger: Logger,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.handoff = handoff
        self.budget = budget
        self.store = store
        self.connectors = connectors
        self.credentials = credentials
        self.wake = wake
        self.settings = settings
        self.logger = logger
        self.now = now
        self.limiter = ConcurrencyLimiter(limit: settings.perAccountConcurrency)
    }

    public var description: String { "Engine" }

    public func run() async throws {
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                while !isStopping {
                    let capacity = settings.maxConcurrentPublishes - inFlight.value
                    if capacity <= 0 {
                        await wake.wait(until: nil)
                        continue
                    }
                    let (claimed, missed) = try await store.claimDue(now: now(), limit: capacity)
                    if missed > 0 {
                        logger.warning("deliveries missed", metadata: ["deliveries.count": "\(missed)"])
                    }
                    let allowed = try await holdBackWhatTheBudgetDoesNotAllow(claimed)
                    inFlight.add(allowed.count)
                    for claim in allowed {
                        group.addTask { await self.publish(claim) }
                    }
                    _ = try await store.handoffFollowUps(now: now())
                    if claimed.count == capacity { continue }
                    let next = [try await store.nextDueTime(), try await store.nextHandoffTime()].compactMap { $0 }.min()
                    let cap = now().addingTimeInterval(settings.maxSleepSeconds)
                    await wake.wait(until: min(next ?? cap, cap))
                }
                logger.info("engine stopping; waiting for publishes in flight", metadata: ["deliveries.count": "\(inFlight.value)"])
            }
        } onGracefulShutdown: {
            self.stopping.withLock { $0 = true }
            self.wake.signal()
        }
    }

    private var isStopping: Bool { stopping.withLock { $0 } || Task.isCancelled }

    /// Claims the budget cannot pay for yet go back to wait until it can; the rest are returned.
    private func holdBackWhatTheBudgetDoesNotAllow(_ claims: [ClaimedDelivery]) async throws -> [ClaimedDelivery] {
        var allowed: [ClaimedDelivery] = []
        var held: [(claim: ClaimedDelivery, until: Date)] = []
        for claim in claims {
            if claim.handoff {
                allowed.append(claim)
            } else if let until = await budget.reserve(accountID: claim.accountID, network: claim.network, now: now()) {
                held.append((claim, until))
            } else {
                allowed.append(claim)
            }
        }
        if !held.isEmpty {
            try await store.deferClaims(held, now: now())
            logger.notice("deliveries held back by rate-limit budgets", metadata: [
                "deliveries.count": "\(held.count)", "until": "\(RFC3339.format(held.map(\.until).max()!))",
            ])
        }
        return allowed
    }

    /// Publishes one claim and records the outcome. A claim still waiting for its account's slot when
    /// shutdown begins is released untouched, since no request was sent for it.
    func publish(_ claim: ClaimedDelivery) async {
        defer {
            inFlight.remove()
            wake.signal()
        }
        if claim.handoff {
            await handOff(claim)
            return
        }
        await limiter.acquire(claim.accountID)
        if isStopping {
            await limiter.release(claim.accountID)
            await budget.refund(accountID: claim.accountID, network: claim.network)
            await record { try await self.store.releaseClaim(claim) }
            return
        }
        let outcome: Outcome
        if claim.needsCheck {
            switch await lookUp(claim) {
            case .settled(let settled): outcome = settled
            case .absent(let checked) where now() > claim.deadline:
                outcome = .missedAfterCheck(checked)
            case .absent(let checked):
                await record { try await self.store.recordLookUp(claim, attempt: checked) }
                outcome = await attempt(claim)
            }
        } else {
            outcome = await attempt(claim)
        }
        await limiter.release(claim.accountID)
        await record { try await self.apply(outcome, to: claim) }
    }

    /// An Instagram handoff: the bundle is written, the person notified, and the delivery waits for them.
    private func handOff(_ claim: ClaimedDelivery) async {
        let started = now()
        guard let handoff else {
            await record { try await self.apply(.failed(ConnectorError(code: .permanent, message: "handoff is not configured"),
                                                        AttemptRecord(startedAt: started, finishedAt: started, httpStatus: nil, outcome: "error")), to: claim) }
            return
        }
        do {
            let bundle = try handoff.prepare(claim, now: started)
            let attempt = AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: nil, outcome: "handed_off")
            let event = EventView(
                event: "handed_off", at: now(), postId: claim.postID, deliveryId: claim.deliveryID, account: claim.account,
                message: "Time to post on Instagram: the caption and media are in \(bundle)", caption: claim.text, bundle: bundle,
                media: claim.media.enumerated().map { "\(bundle)/\($0.offset + 1)-\($0.element.fileName)" },
                confirm: "schedctl handoff done \(claim.deliveryID) --url PERMALINK")
            await record {
                try await self.store.recordHandedOff(claim, attempt: attempt, bundle: bundle,
                                                     remindAt: started.addingTimeInterval(handoff.remindAfter),
                                                     expiresAt: started.addingTimeInterval(handoff.expireAfter), event: event)
            }
            logger.info("delivery handed off", metadata: ["post.id": "\(claim.postID)", "delivery.id": "\(claim.deliveryID)"])
        } catch {
            let failure = ConnectorError(code: .retryable, message: "the handoff bundle could not be written: \(error)")
            await record { try await self.apply(.failed(failure, AttemptRecord(startedAt: started, finishedAt: self.now(), httpStatus: nil,
                                                                                outcome: "error", errorClass: "retryable")), to: claim) }
        }
    }

    /// Store writes after a publish must not be lost to a transient error; they are retried briefly,
    /// then logged (the claim stays `publishing` and the next start looks it up on the network).
    func record(_ write: @Sendable () async throws -> Void) async {
        for attempt in 1...5 {
            do {
                try await write()
                return
            } catch {
                logger.error("store write failed", metadata: ["error": "\(error)", "attempt": "\(attempt)"])
                try? await Task.sleep(for: .milliseconds(100 * attempt))
            }
        }
    }
}
