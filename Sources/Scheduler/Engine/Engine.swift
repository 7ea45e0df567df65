import Connectors
import Foundation
import Logging
import SchedulerCore
import ServiceLifecycle
import Synchronization

/// Publishes every due delivery on time: sleeps until the earliest due time (or a wake-up), claims
/// what is due in one transaction, and publishes the claims concurrently within per-account limits.
///
/// Everything it needs is in the store, so a restart picks up where the last run stopped.
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
    let notifier: Notifier?
    let logger: Logger
    let now: @Sendable () -> Date
    private let limiter: ConcurrencyLimiter
    private let inFlight = InFlightCounter()
    private let stopping = Mutex(false)

    public init(store: Store, connectors: ConnectorRegistry, credentials: CredentialProvider, wake: WakeSignal,
                settings: Settings, handoff: HandoffDesk? = nil, notifier: Notifier? = nil, logger: Logger,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.handoff = handoff
        self.notifier = notifier
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
                    inFlight.add(claimed.count)
                    for claim in claimed {
                        group.addTask { await self.publish(claim) }
                    }
                    try await followUpHandoffs()
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
            await record { try await self.store.releaseClaim(claim) }
            return
        }
        let outcome = await attempt(claim)
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
            await record {
                try await self.store.recordHandedOff(claim, attempt: attempt, bundle: bundle,
                                                     remindAt: started.addingTimeInterval(handoff.remindAfter),
                                                     expiresAt: started.addingTimeInterval(handoff.expireAfter))
            }
            logger.info("delivery handed off", metadata: ["post.id": "\(claim.postID)", "delivery.id": "\(claim.deliveryID)"])
            await notifier?.notify(NotificationEvent(
                event: "handed_off", at: now(), postId: claim.postID, deliveryId: claim.deliveryID,
                account: "\(claim.network.rawValue):@\(claim.handle)",
                message: "Time to post on Instagram: the caption and media are in \(bundle)", caption: claim.text, bundle: bundle,
                media: claim.media.enumerated().map { "\(bundle)/\($0.offset + 1)-\($0.element.fileName)" },
                confirm: "schedctl handoff done \(claim.deliveryID) --url PERMALINK"))
        } catch {
            let failure = ConnectorError(code: .retryable, message: "the handoff bundle could not be written: \(error)")
            await record { try await self.apply(.failed(failure, AttemptRecord(startedAt: started, finishedAt: self.now(), httpStatus: nil,
                                                                                outcome: "error", errorClass: "retryable")), to: claim) }
        }
    }

    /// Reminds once about a handoff nobody confirmed, then gives up on it.
    private func followUpHandoffs() async throws {
        for followUp in try await store.handoffFollowUps(now: now()) {
            let record = followUp.record
            await notifier?.notify(NotificationEvent(
                event: followUp.expired ? "expired" : "handoff_reminder", at: now(), postId: record.postID, deliveryId: record.deliveryID,
                account: record.account,
                message: followUp.expired ? "Nobody confirmed the Instagram post; it is now expired"
                    : "Reminder: the Instagram post in \(record.bundle) is still waiting",
                caption: record.caption, bundle: record.bundle, media: nil,
                confirm: followUp.expired ? nil : "schedctl handoff done \(record.deliveryID) --url PERMALINK"))
        }
    }

    /// What one attempt came to, before it is written down.
    enum Outcome {
        case published(PublishedPost, AttemptRecord)
        case failed(ConnectorError, AttemptRecord)
    }

    private func attempt(_ claim: ClaimedDelivery) async -> Outcome {
        let started = now()
        func failure(_ error: ConnectorError) -> Outcome {
            .failed(error, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: error.httpStatus, outcome: "error",
                                         errorClass: error.code.description, excerpt: error.excerpt))
        }
        guard let connector = connectors[claim.network] else {
            return failure(ConnectorError(code: .permanent, message: "no \(claim.network.displayName) connector is configured"))
        }
        let current: AccountCredentials
        do {
            current = try await credentials.credentials(accountID: claim.accountID, network: claim.network)
        } catch {
            return failure(Self.connectorError(error))
        }
        let request = PublishRequest(text: claim.text, media: claim.media, accountRemoteID: claim.accountRemoteID, handoff: claim.handoff)
        do {
            let published = try await connector.publish(request, credentials: current)
            return .published(published, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: published.httpStatus, outcome: "published"))
        } catch let refusal where refusal.code == .authFailure && current.refreshToken != nil {
            // A token refused before its expiry (revoked, clock skew): renew once and try again.
            do {
                let renewed = try await credentials.renew(accountID: claim.accountID, network: claim.network, rejected: current)
                let published = try await connector.publish(request, credentials: renewed)
                return .published(published, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: published.httpStatus, outcome: "published"))
            } catch {
                return failure(Self.connectorError(error))
            }
        } catch {
            return failure(error)
        }
    }

    /// Credential and publish failures as the engine classifies them.
    static func connectorError(_ error: any Error) -> ConnectorError {
        switch error {
        case let error as ConnectorError: error
        case let error as CredentialProviderError:
            ConnectorError(code: error.needsRelink ? .authFailure : .retryable, message: error.message)
        default: ConnectorError(code: .retryable, message: "\(error)")
        }
    }

    private func apply(_ outcome: Outcome, to claim: ClaimedDelivery) async throws {
        var metadata: Logger.Metadata = ["post.id": "\(claim.postID)", "delivery.id": "\(claim.deliveryID)",
                                         "account.network": "\(claim.network)", "attempt": "\(claim.attempt)"]
        switch outcome {
        case .published(let post, let attempt):
            try await store.recordPublished(claim, attempt: attempt, remoteID: post.remoteID, remoteURL: post.url)
            metadata["remote.id"] = "\(post.remoteID)"
            logger.info("delivery published", metadata: metadata)
        case .failed(let error, let attempt):
            metadata["error.class"] = "\(error.code)"
            metadata["error.message"] = "\(error.message)"
            switch error.code {
            case .retryable, .rateLimited:
                if let next = settings.retry.nextAttempt(after: claim.attempt, now: now(), networkRetryAt: error.retryAt) {
                    try await store.recordRetry(claim, attempt: attempt, nextAttempt: next, error: error.message)
                    metadata["retry.at"] = "\(RFC3339.format(next))"
                    logger.notice("delivery will be retried", metadata: metadata)
                } else {
                    try await store.recordFinalFailure(claim, attempt: attempt, state: .failed,
                                                       error: "gave up after \(claim.attempt) attempts: \(error.message)")
                    logger.error("delivery failed", metadata: metadata)
                }
            case .authFailure:
                try await store.recordNeedsRelink(claim, attempt: attempt, error: error.message)
                logger.error("account needs relinking", metadata: metadata)
            case .uncertain:
                try await store.recordFinalFailure(claim, attempt: attempt, state: .unknown, error: error.message)
                logger.error("delivery outcome unknown", metadata: metadata)
            default:
                try await store.recordFinalFailure(claim, attempt: attempt, state: .failed, error: error.message)
                logger.error("delivery failed", metadata: metadata)
            }
        }
    }

    /// Store writes after a publish must not be lost to a transient error; they are retried briefly,
    /// then logged (the claim stays `publishing` and the next start marks it `unknown`).
    private func record(_ write: @Sendable () async throws -> Void) async {
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
