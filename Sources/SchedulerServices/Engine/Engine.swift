import Connectors
import Foundation
import Logging
import SchedulerCore
import SchedulerDomain
import ServiceLifecycle
import Synchronization

/// Publishes every due delivery on time: sleeps until the earliest due time (or a wake-up), claims
/// what is due in one transaction, holds back what a rate-limit budget does not allow yet, and
/// publishes the rest concurrently within per-account limits.
///
/// Everything it needs is in the store, so a restart picks up where the last run stopped; a claim whose
/// outcome is unknown is looked up on the network before anything is sent again.
package final class Engine: Service, Sendable {
    package struct Settings: Sendable {
        package var maxConcurrentPublishes: Int
        package var perAccountConcurrency: Int
        package var retry: RetryPolicy
        /// Safety net for wall-clock jumps: the engine re-reads the next due time at least this often.
        package var maxSleepSeconds: Double = 60
        /// When a request whose answer never came can no longer land, and how long a listing may lag.
        package var settling: SettlingTimes
        /// Deliveries coming due this soon are claimed with what is due now, and each waits for its instant: a steady
        /// stream of due posts is claimed in batches (one durable commit for many) and nothing waits on a commit at its
        /// due time. A post cannot be cancelled or edited in this short window before it is due.
        package var claimAheadSeconds: Double = 0.05
        /// While posts are waiting, a claim is made once at least this many publishes have finished, so a burst is
        /// claimed in batches rather than one durable commit per finished publish.
        package var minimumClaimBatch: Int { max(1, maxConcurrentPublishes / 8) }

        package init(_ engine: EngineSettings) {
            maxConcurrentPublishes = engine.maxConcurrentPublishes
            perAccountConcurrency = engine.perAccountConcurrency
            settling = SettlingTimes(requestTimeout: TimeInterval(engine.requestTimeoutSeconds),
                                     inFlightMargin: TimeInterval(engine.inFlightMarginSeconds),
                                     listingLag: TimeInterval(engine.listingLagSeconds))
            retry = RetryPolicy(baseSeconds: engine.retryBaseSeconds, maxSeconds: engine.retryMaxSeconds, maxAttempts: engine.maxAttempts)
        }
    }

    package let store: any DeliveryStore
    package let connectors: ConnectorRegistry
    package let credentials: CredentialProvider
    package let wake: WakeSignal
    package let settings: Settings
    package let handoff: HandoffDesk?
    /// Where attached files are found here (fetched from a shared store when another daemon scheduled the post).
    package let media: MediaLibrary?
    package let budget: any PublishBudgeting
    /// Attempts, their durations and lateness, rate-limit holds: instruments made once, recorded per publish.
    package let metrics: SchedulerMetrics
    /// Where the store's failures are told (status, doctor, metrics): its claims and its outcome writes.
    package let health: StoreHealth
    package let logger: Logger
    package let now: @Sendable () -> Date
    package let limiter: ConcurrencyLimiter
    package let inFlight = InFlightDeliveries()
    /// The waits before look-ups on the boot-time clock, which no step of the wall clock shortens.
    package let settleGate = SettleGate()
    /// Logs steps of the wall clock, checked at every turn.
    package let clockWatch: WallClockWatch
    /// Outcomes known but not yet accepted by the store (it is failing): kept and retried until it does.
    package let unstoredOutcomes = Mutex(0)
    /// The networks this engine's last requests found nothing answering at, for `status`.
    package let unreachable = UnreachableNetworks()
    private let stopping = Mutex(false)
    /// Fired once when shutdown begins, for claims waiting for their due time (apart from ``wake``, whose signals are the loop's).
    private let stopSignal = WakeSignal()

    package init(store: any DeliveryStore, connectors: ConnectorRegistry, credentials: CredentialProvider, wake: WakeSignal,
                settings: Settings, handoff: HandoffDesk? = nil, budget: any PublishBudgeting = PublishBudget(), media: MediaLibrary? = nil, metrics: SchedulerMetrics = SchedulerMetrics(),
                health: StoreHealth? = nil, logger: Logger, now: @escaping @Sendable () -> Date = Date.init) {
        self.health = health ?? .unnamed(logger: logger)
        self.handoff = handoff
        self.metrics = metrics
        self.media = media
        self.budget = budget
        self.store = store
        self.connectors = connectors
        self.credentials = credentials
        self.wake = wake
        self.settings = settings
        self.logger = logger
        self.now = now
        self.limiter = ConcurrencyLimiter(limit: settings.perAccountConcurrency)
        self.clockWatch = WallClockWatch(wall: now(), logger: logger)
    }

    package var description: String { "Engine" }

    package func run() async throws {
        try await returnInterruptedClaims()
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                var storeFailures = 0
                var nextSweep = now()
                var backlog = false
                while !isStopping {
                    do {
                        backlog = try await claimAndPublish(in: &group, nextSweep: &nextSweep, backlog: backlog)
                        if storeFailures > 0 { health.succeeded(.publishing) }
                        storeFailures = 0
                    } catch {
                        // The store failing (a full disk, a locked file) must not end the engine, which would
                        // abandon what is in flight: it waits, then tries again, at most ``storeRetryCap`` later, so
                        // posts go out within seconds of the store's recovery.
                        storeFailures += 1
                        let failure = health.failed(.publishing, error)
                        let wait = min(Self.storeRetryCap, 0.1 * pow(2, Double(min(storeFailures, 10))))
                        logger.error("the store could not be read or written; trying again", metadata: [
                            "error": "\(failure.message)", "store.cause": "\(failure.cause.rawValue)", "retry.in_s": "\(wait)",
                        ])
                        await wake.wait(until: now().addingTimeInterval(wait))
                    }
                }
                logger.info("engine stopping; waiting for publishes in flight", metadata: ["deliveries.count": "\(inFlight.count)"])
            }
        } onGracefulShutdown: {
            self.stopping.withLock { $0 = true }
            self.wake.signal()
            self.stopSignal.signal()
        }
    }

    /// One turn: claims what is due (as much as there is room for), starts publishing it, and sleeps until
    /// the next due time or a wake-up. Returns whether more was due than there was room for (`backlog`): then the
    /// next claim waits for room for a batch.
    private func claimAndPublish(in group: inout ThrowingDiscardingTaskGroup<any Error>, nextSweep: inout Date, backlog: Bool) async throws -> Bool {
        clockWatch.check(wall: now())
        let capacity = settings.maxConcurrentPublishes - inFlight.count
        if capacity <= 0 || (backlog && capacity < settings.minimumClaimBatch) {
            await wake.wait(until: nil)
            return backlog
        }
        let (claimed, missed) = try await store.claimDue(now: now(), ahead: settings.claimAheadSeconds, limit: capacity)
        if missed > 0 {
            logger.warning("deliveries missed", metadata: ["deliveries.count": "\(missed)"])
        }
        let allowed = try await holdBackWhatTheBudgetDoesNotAllow(claimed)
        inFlight.add(allowed.map(\.deliveryID))
        for claim in allowed {
            group.addTask { await self.publish(claim) }
        }
        _ = try await store.handoffFollowUps(now: now())
        if now() >= nextSweep {
            try await takeOverAbandonedClaims()
            nextSweep = try await returnOrphanedClaims() ?? now().addingTimeInterval(settings.maxSleepSeconds)
        }
        if claimed.count == capacity { return true }
        // Woken half the lead before the next due time, a claim takes everything due within the whole lead: each claim
        // covers half a lead's worth of a steady stream, and is committed a quarter of a lead or more before its posts go.
        let nextDue = try await store.nextDueTime().map { $0.addingTimeInterval(-settings.claimAheadSeconds / 2) }
        let next = [nextDue, try await store.nextHandoffTime(), nextSweep, try await store.nextHeldLatenessDeadline(after: now())]
            .compactMap { $0 }.min()
        let cap = now().addingTimeInterval(settings.maxSleepSeconds)
        await wake.wait(until: min(next ?? cap, cap))
        return false
    }

    package var isStopping: Bool { stopping.withLock { $0 } || Task.isCancelled }

    /// The longest the claim loop waits before trying a failing store again: as the outcome writer's longest pause.
    package static let storeRetryCap: TimeInterval = 5

    /// Nothing may be sent: the daemon is stopping, or its lease may have run out and another daemon may be taking
    /// its claims over.
    package var isStoppingOrLost: Bool { isStopping || !store.claimsAreHeld }

    /// Claims the budget cannot pay for yet go back to wait until it can; the rest are returned.
    private func holdBackWhatTheBudgetDoesNotAllow(_ claims: [ClaimedDelivery]) async throws -> [ClaimedDelivery] {
        // A handoff sends nothing, so it takes nothing from a budget; the rest are reserved in one call, in claim order.
        let budgeted = claims.filter { !$0.handoff }
        var waits = budgeted.isEmpty ? [] : await budget.reserve(budgeted.map { BudgetedPost(accountID: $0.accountID, network: $0.network) },
                                                                 now: now())[...]
        assert(waits.count == budgeted.count, "a budget answers once for each post")
        var allowed: [ClaimedDelivery] = []
        var held: [(claim: ClaimedDelivery, until: Date)] = []
        for claim in claims {
            if !claim.handoff, let until = waits.popFirst() ?? nil {
                held.append((claim, until))
                metrics.heldBack(claim.network)
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
    package func publish(_ claim: ClaimedDelivery) async {
        defer {
            inFlight.remove(claim.deliveryID)
            wake.signal()
        }
        guard let claim = await withLocalMedia(claim) else { return }
        await waitUntilDue(claim)
        if isStopping, claim.sendAt > now() {
            // Shutdown began before its due time: nothing was sent or handed off.
            return await giveBack(claim)
        }
        if claim.handoff {
            await handOff(claim)
            return
        }
        if claim.needsCheck, !(await waitUntilSettled(claim)) {
            return await giveBack(claim)
        }
        await limiter.acquire(claim.accountID)
        // Stopping, or this daemon's lease may have run out (the database is unreachable) and another daemon may
        // be taking the claim over: nothing was sent, so the claim is given back untouched.
        if isStopping || !store.claimsAreHeld {
            if !isStopping {
                logger.warning("not sending: this daemon's lease on its claims could not be renewed; the claim is given back",
                               metadata: ["delivery.id": "\(claim.deliveryID)"])
            }
            await limiter.release(claim.accountID)
            return await giveBack(claim)
        }
        if claim.isMultiPart {
            await publishParts(claim)
            await limiter.release(claim.accountID)
            return
        }
        let outcome: Outcome
        if claim.needsCheck {
            switch lateAsAbsent(await lookUp(claim), claim) {
            case .settled(let settled): outcome = settled
            case .absent(let checked) where !claim.lookedUpOnce:
                await limiter.release(claim.accountID)
                await lookAgainAfterTheListingLag(claim, checked)
                return
            case .absent(let checked) where now() > claim.deadline:
                await giveBackTheShareKeptInDoubt(claim)
                outcome = .missedAfterCheck(checked)
            case .absent(let checked) where isFinalCheck(claim), .safeToSend(let checked) where isFinalCheck(claim):
                await giveBackTheShareKeptInDoubt(claim)
                outcome = .absentAfterTheLastAttempt(checked)
            case .absent(let checked), .safeToSend(let checked):
                await giveBackTheShareKeptInDoubt(claim)
                await record { try await self.store.recordLookUp(claim, attempt: checked) }
                outcome = await attempt(claim)
            }
        } else {
            outcome = await attempt(claim)
        }
        await limiter.release(claim.accountID)
        await record { try await self.apply(outcome, to: claim) }
    }

    /// The request in doubt before this claim (an answer that never came, or a daemon that died holding the claim) kept
    /// its share of the budget, since it might have published. The look-ups have now found nothing: it put no post out,
    /// and its share comes back, as a failure's does. Without this, every claim a crashed daemon held would keep a share
    /// for good: a crash holding 20 of one Instagram account's posts would cost it 20 of its 50 a day.
    package func giveBackTheShareKeptInDoubt(_ claim: ClaimedDelivery) async {
        await budget.refund(accountID: claim.accountID, network: claim.network)
    }

    /// A claim nothing was sent for goes back untouched, with the budget unit it took (a handoff takes none).
    private func giveBack(_ claim: ClaimedDelivery) async {
        if !claim.handoff { await budget.refund(accountID: claim.accountID, network: claim.network) }
        await record { try await self.store.releaseClaim(claim) }
    }

    /// A claim made ahead of its due time (see ``Settings/claimAheadSeconds``) waits for it here, or until shutdown
    /// begins (the claim is then given back untouched).
    private func waitUntilDue(_ claim: ClaimedDelivery) async {
        let early = claim.sendAt.timeIntervalSince(now())
        guard early > 0 else { return }
        await pause(for: .microseconds(Int64(early * 1_000_000)))
    }

    /// A delivery in doubt is looked up only once its wait has passed on the boot-time clock too (``SettleGate``): its
    /// request's timeout and margin, or the listing's lag after a look-up that found nothing. The wall clock says so
    /// already unless it stepped forward. False when shutdown began meanwhile (nothing was sent).
    private func waitUntilSettled(_ claim: ClaimedDelivery) async -> Bool {
        let settling = settings.settling
        let wait = claim.lookedUpOnce ? settling.listingLag : settling.requestTimeout + settling.inFlightMargin
        let remaining = settleGate.earliestLookUp(claim.deliveryID, otherwise: wait) - .now
        if remaining > .zero {
            logger.notice("a look-up waits until its request in doubt can no longer land, on the boot-time clock", metadata: [
                "delivery.id": "\(claim.deliveryID)", "wait_s": "\(Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18)",
            ])
            await pause(for: remaining)
            if isStopping { return false }
        }
        settleGate.lookedUp(claim.deliveryID)
        return true
    }

    /// Sleeps for `duration`, or until shutdown begins.
    private func pause(for duration: Duration) async {
        guard !isStopping else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration, tolerance: .microseconds(500)) }
            group.addTask { _ = await self.stopSignal.wait(until: nil) }
            await group.next()
            group.cancelAll()
        }
        // Every claim waiting is let go, not only the first.
        if isStopping { stopSignal.signal() }
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
            metrics.attempted(claim.network, .handedOff, seconds: attempt.finishedAt.timeIntervalSince(started))
            let event = EventRecord(
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

    /// Store writes after a publish must not be lost: the outcome is kept and the write tried again, with
    /// a growing pause, until the store takes it. Meanwhile the delivery stays `publishing`, held by this
    /// task, so nothing else touches it. Only a stopping daemon gives up, after a last few tries: the claim
    /// then stays `publishing`, and the next start looks it up on the network before anything is sent.
    package func record(_ write: @Sendable () async throws -> Void) async {
        var failures = 0
        var counted = false
        defer { if counted { unstoredOutcomes.withLock { $0 -= 1 } } }
        while true {
            do {
                try await write()
                if failures > 0 {
                    health.succeeded(.recording)
                    logger.notice("store write succeeded after failing", metadata: ["attempts": "\(failures + 1)"])
                }
                return
            } catch {
                failures += 1
                health.failed(.recording, error)
                if !counted {
                    counted = true
                    unstoredOutcomes.withLock { $0 += 1 }
                }
                if isStopping && failures >= 5 {
                    logger.error("store write failed while stopping; the next start looks the delivery up on its network",
                                 metadata: ["error": "\(error)", "attempt": "\(failures)"])
                    return
                }
                logger.error("store write failed; the outcome is kept and written again", metadata: ["error": "\(error)", "attempt": "\(failures)"])
                try? await Task.sleep(for: .milliseconds(min(5_000, 100 * (1 << min(failures, 6)))))
            }
        }
    }

    /// The number of outcomes waiting for the store to accept them.
    package var outcomesWaitingForTheStore: Int { unstoredOutcomes.withLock { $0 } }
}
