import Connectors
import Foundation
import Logging
import NetworkRules
import SchedulerCore
import SchedulerDomain

extension Engine {
    /// What one attempt came to, before it is written down.
    package enum Outcome {
        case published(PublishedPost, AttemptRecord)
        /// A look-up found the post on the network: an earlier request did publish it.
        case found(PublishedPost, AttemptRecord)
        case failed(ConnectorError, AttemptRecord)
        /// A look-up found the post absent, and its lateness limit has passed.
        case missedAfterCheck(AttemptRecord)
        /// The look-up could not be made (not just not yet): a person must decide.
        case uncheckable(ConnectorError, AttemptRecord)
        /// The attempts are used up, the last in doubt, and the look-ups after it found the post absent: it is not out.
        case absentAfterTheLastAttempt(AttemptRecord)

        /// What the network (or the way to it) answered, when the attempt failed.
        package var error: ConnectorError? {
            switch self {
            case .failed(let error, _), .uncheckable(let error, _): error
            case .published, .found, .missedAfterCheck, .absentAfterTheLastAttempt: nil
            }
        }

        /// Whether this attempt may have put a post on the network (and so used the network's limit).
        package var mayHavePublished: Bool {
            switch self {
            case .published: true
            case .failed(let error, _): error.code == .uncertain
            case .found, .missedAfterCheck, .uncheckable, .absentAfterTheLastAttempt: false
            }
        }
    }

    /// Sends the post, or with `part` one part of a post in several parts (see ``Engine/send(part:of:through:credentials:)``).
    package func attempt(_ claim: ClaimedDelivery, part: Int? = nil) async -> Outcome {
        let started = now()
        guard let connector = connectors[claim.network] else {
            return failure(ConnectorError(code: .permanent, message: "no \(claim.network.displayName) connector is configured"), started, part: part)
        }
        do {
            // A keyed network takes even a plain post as part 1, since its key is kept per part.
            let sentPart = part ?? (connector is any KeyedPublishing ? 1 : nil)
            let published = try await withCredentials(claim) { credentials throws(ConnectorError) in
                if let sentPart { return try await send(part: sentPart, of: claim, through: connector, credentials: credentials) }
                return try await connector.publish(request(claim), credentials: credentials)
            }
            // A comment that is no post of its own is told apart in `history`, and is not counted when the budgets are seeded.
            let commented = part.map { claim.isPost(part: $0) } == false
            let finished = now()
            metrics.attempted(claim.network, commented ? .commented : .published, seconds: finished.timeIntervalSince(started))
            if (part ?? 1) == 1 { metrics.published(claim.network, late: finished.timeIntervalSince(claim.dueAt)) }
            return .published(published, AttemptRecord(startedAt: started, finishedAt: finished, httpStatus: published.httpStatus,
                                                        outcome: commented ? "commented" : "published", part: part))
        } catch {
            metrics.attempted(claim.network, SchedulerMetrics.AttemptOutcome(error.code), seconds: now().timeIntervalSince(started))
            return failure(error, started, part: part)
        }
    }

    /// A claim past the retry limit exists only to look up the last attempt in doubt: it never sends.
    package func isFinalCheck(_ claim: ClaimedDelivery) -> Bool {
        claim.attempt > settings.retry.maxAttempts
    }

    package func failure(_ error: ConnectorError, _ started: Date, outcome: String = "error", part: Int? = nil) -> Outcome {
        // A permission refusal is recorded as its own class (`history` shows "permission"), once, where it happens.
        .failed(error, AttemptRecord(startedAt: started, finishedAt: now(), httpStatus: error.httpStatus, outcome: outcome,
                                     errorClass: error.lacksPermission ? "permission" : error.code.description, excerpt: error.excerpt, part: part))
    }

    package func request(_ claim: ClaimedDelivery) -> PublishRequest {
        PublishRequest(text: claim.text, media: claim.media, accountRemoteID: claim.accountRemoteID, handoff: claim.handoff, options: claim.options)
    }

    /// Runs `call` with the account's credentials; a token refused before its expiry (revoked, clock
    /// skew) is renewed once, single-flight, and the call made again.
    package func withCredentials<T>(_ claim: ClaimedDelivery,
                            _ call: (AccountCredentials) async throws(ConnectorError) -> T) async throws(ConnectorError) -> T {
        let current: AccountCredentials
        do {
            current = try await credentials.credentials(accountID: claim.accountID, network: claim.network, sealed: claim.sealedCredentials)
        } catch {
            throw Self.connectorError(error)
        }
        do {
            return try await call(current)
        } catch let refusal where refusal.code == .authFailure && current.refreshToken != nil {
            let renewed: AccountCredentials
            do {
                renewed = try await credentials.renew(accountID: claim.accountID, network: claim.network, rejected: current)
            } catch {
                throw Self.connectorError(error)
            }
            return try await call(renewed)
        }
    }

    /// Credential and publish failures as the engine classifies them.
    package static func connectorError(_ error: any Error) -> ConnectorError {
        switch error {
        case let error as ConnectorError: error
        case let error as CredentialProviderError:
            ConnectorError(code: error.needsRelink ? .authFailure : .retryable, message: error.message)
        default: ConnectorError(code: .retryable, message: "\(error)")
        }
    }

    /// `reserved`: a unit of the account's budget was taken for this request, and is given back if nothing went out.
    package func apply(_ outcome: Outcome, to claim: ClaimedDelivery, reserved: Bool = true) async throws {
        if reserved, !outcome.mayHavePublished { await budget.refund(accountID: claim.accountID, network: claim.network) }
        var metadata: Logger.Metadata = ["post.id": "\(claim.postID)", "delivery.id": "\(claim.deliveryID)",
                                         "account.network": "\(claim.network)", "attempt": "\(claim.attempt)"]
        unreachable.note(outcome.error, for: claim, at: now())
        switch outcome {
        case .published(let post, let attempt), .found(let post, let attempt):
            if let hint = post.rateLimit { await budget.observe(hint, accountID: claim.accountID, network: claim.network, now: now()) }
            var found = false
            if case .found = outcome { found = true }
            try await store.recordPublished(claim, attempt: attempt, remoteID: post.remoteID, remoteURL: post.url, found: found)
            metadata["remote.id"] = "\(post.remoteID)"
            logger.info(found ? "delivery found published on the network" : "delivery published", metadata: metadata)
        case .missedAfterCheck(let attempt):
            try await giveUp(claim, attempt, state: .missed,
                                               error: "not on \(claim.network.displayName) after an interrupted attempt, and past its lateness limit")
            logger.warning("delivery missed", metadata: metadata)
        case .absentAfterTheLastAttempt(let attempt):
            let attempts = Counted.of(settings.retry.maxAttempts, "attempt")
            try await giveUp(claim, attempt, state: .failed,
                             error: "gave up after \(attempts): no answer came to the last, and \(claim.network.displayName) "
                                 + "shows no such post, looked up twice across its listing lag")
            logger.error("delivery failed: not on the network after the last attempt", metadata: metadata)
        case .uncheckable(let error, let attempt):
            try await giveUp(claim, attempt, state: .unknown,
                                               error: "an earlier attempt may have published it, and \(claim.network.displayName) "
                                                   + "could not be checked: \(error.message)")
            logger.error("delivery outcome unknown", metadata: metadata)
        case .failed(let error, let attempt):
            metadata["error.class"] = "\(error.code)"
            metadata["error.message"] = "\(error.message)"
            try await applyFailure(error, attempt, to: claim, metadata: metadata)
        }
    }

    private func applyFailure(_ error: ConnectorError, _ attempt: AttemptRecord, to claim: ClaimedDelivery, metadata: Logger.Metadata) async throws {
        var metadata = metadata
        var error = error
        if error.duplicateContent && claim.needsCheck {
            // This claim follows a request in doubt, and the network calls the post a copy of one already there: most
            // likely that request made it, and the look-ups missed it while the listing lagged. Looked up again (as after
            // any answer in doubt) rather than failed; past the retry limit a last look-up settles it.
            error.code = .uncertain
        }
        switch error.code {
        case .rateLimited:
            // The network's own wait, however many times it asks: the lateness limit bounds it.
            let hint = error.rateLimit ?? RateLimitHint(scope: .account, remaining: 0, resetAt: error.retryAt)
            await budget.observe(hint, accountID: claim.accountID, network: claim.network, now: now())
            let next = settings.retry.nextAttempt(after: 1, now: now(), networkRetryAt: error.retryAt ?? hint.resetAt)!
            try await store.recordRetry(claim, attempt: attempt, nextAttempt: next, error: error.message, needsCheck: claim.needsCheck && attempt.outcome == "lookup")
            metadata["retry.at"] = "\(RFC3339.format(next))"
            logger.notice("rate limited; delivery will be retried", metadata: metadata)
        case .retryable, .uncertain:
            try await retryOrEnd(claim, after: error, attempt, metadata: &metadata)
        case .appBlocked:
            // Not this post's fault, nor this account's: nothing goes to the network until a person acts.
            try await store.recordNetworkRefused(claim, attempt: attempt, reason: error.message, remedy: error.remedy,
                                                 needsCheck: claim.needsCheck && attempt.outcome == "lookup")
            metadata["remedy"] = "\(error.remedy ?? "")"
            logger.error("the network refuses this app; publishing to it is paused", metadata: metadata)
        case .authFailure:
            try await store.recordNeedsRelink(claim, attempt: attempt, error: error.message, needsCheck: claim.needsCheck && attempt.outcome == "lookup")
            logger.error("account needs relinking", metadata: metadata)
        default:
            try await giveUp(claim, attempt, state: .failed, error: error.message, lacksPermission: error.lacksPermission)
            logger.error(error.lacksPermission ? "delivery refused: the account's token lacks a permission" : "delivery failed", metadata: metadata)
        }
    }

    /// A failure worth another try: tried again while attempts are left; then, if the last may have published, looked
    /// up once more; otherwise failed.
    private func retryOrEnd(_ claim: ClaimedDelivery, after error: ConnectorError, _ attempt: AttemptRecord,
                            metadata: inout Logger.Metadata) async throws {
        // After an uncertain answer the post may be out: the next turn looks before it sends.
        let needsCheck = error.code == .uncertain || (claim.needsCheck && attempt.outcome == "lookup")
        if var next = settings.retry.nextAttempt(after: claim.attempt, now: now(), networkRetryAt: error.retryAt) {
            // The request in doubt started before the attempt ended; it may land until its timeout and the
            // network's processing have passed, and the look-up waits for that.
            if error.code == .uncertain {
                next = max(next, settings.settling.firstLookUp(lastRequestStart: attempt.finishedAt))
                settleGate.doubtBegan(claim.deliveryID, wait: settings.settling.requestTimeout + settings.settling.inFlightMargin)
            }
            try await store.recordRetry(claim, attempt: attempt, nextAttempt: next, error: error.message, needsCheck: needsCheck)
            metadata["retry.at"] = "\(RFC3339.format(next))"
            logger.notice(needsCheck ? "delivery outcome uncertain; the network is checked before a retry" : "delivery will be retried",
                          metadata: metadata)
        } else if needsCheck, !isFinalCheck(claim) {
            // The attempts are used up and the last may have published: one more turn only looks (twice, across
            // the listing lag), so a request that was dropped ends `failed` and one that landed `published`.
            let lookUpAt = settings.settling.firstLookUp(lastRequestStart: attempt.finishedAt)
            settleGate.doubtBegan(claim.deliveryID, wait: settings.settling.requestTimeout + settings.settling.inFlightMargin)
            try await store.recordRetry(claim, attempt: attempt, nextAttempt: lookUpAt, error: error.message, needsCheck: true)
            metadata["lookup.at"] = "\(RFC3339.format(lookUpAt))"
            logger.notice("last attempt in doubt; the network is looked up once more, and nothing is sent again", metadata: metadata)
        } else if needsCheck {
            let attempts = Counted.of(min(claim.attempt, settings.retry.maxAttempts), "attempt")
            try await giveUp(claim, attempt, state: .unknown,
                             error: "gave up after \(attempts), the last of which may have published, and the look-up after it failed: \(error.message)")
            logger.error("delivery outcome unknown", metadata: metadata)
        } else {
            try await giveUp(claim, attempt, state: .failed, error: "gave up after \(Counted.of(claim.attempt, "attempt")): \(error.message)")
            logger.error("delivery failed", metadata: metadata)
        }
    }
}
