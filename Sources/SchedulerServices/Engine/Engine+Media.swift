import Foundation
import SchedulerCore
import SchedulerDomain

extension Engine {
    /// The claim with its media as files of this daemon: with a shared store another daemon may have scheduled it,
    /// and its paths are that daemon's. When a file cannot be had, nothing is sent: the delivery waits for its next
    /// try, keeping whether it must be looked up first, and its budget is given back.
    package func withLocalMedia(_ claim: ClaimedDelivery) async -> ClaimedDelivery? {
        guard let media, !claim.media.isEmpty || claim.thread.contains(where: { !$0.media.isEmpty }) else { return claim }
        do {
            var local = claim
            local.media = try await media.localized(claim.media)
            for index in local.thread.indices where !local.thread[index].media.isEmpty {
                local.thread[index].media = try await media.localized(local.thread[index].media)
            }
            return local
        } catch {
            let at = now()
            let message = "the attached media could not be read here: \(error)"
            let next = settings.retry.nextAttempt(after: claim.attempt, now: at, networkRetryAt: nil) ?? at.addingTimeInterval(settings.retry.maxSeconds)
            await budget.refund(accountID: claim.accountID, network: claim.network)
            await record {
                try await self.store.recordRetry(claim, attempt: AttemptRecord(startedAt: at, finishedAt: at, httpStatus: nil, outcome: "error",
                                                                               errorClass: "retryable", excerpt: String(message.prefix(300))),
                                                 nextAttempt: next, error: message, needsCheck: claim.needsCheck)
            }
            logger.error("delivery waits: its media could not be read", metadata: ["delivery.id": "\(claim.deliveryID)", "error": "\(error)"])
            return nil
        }
    }
}
