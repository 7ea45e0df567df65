import Connectors
import Foundation
import Logging
import NetworkRules
import SchedulerCore
import SchedulerDomain

/// Posts in several parts: an X thread (each part a reply to the one before) and a first comment (made under the post
/// once it is out; on X a reply at the thread's end). Each part is one request that can fail or be cut short by a crash,
/// so each is recorded as it goes out and "never twice, never lost" holds per part: a claim continues after the last
/// part recorded, and the part in doubt after a crash or a lost answer is looked up before anything is sent again.
extension Engine {
    /// Publishes the parts not yet out, in order, each recorded before the next is sent. Returns once the delivery is
    /// published, or waits (a retry, a look-up after the listing lag, a rate-limit budget), or has ended.
    package func publishParts(_ start: ClaimedDelivery) async {
        var claim = start
        while let number = claim.nextPart {
            // Part 1's budget was taken with the claim; a later part that is a post takes its own.
            let reserved = number == 1 || claim.isPost(part: number)
            if number > 1, let waited = await mayNotSendNextPart(claim, reserving: reserved) {
                await record { try await waited() }
                return
            }
            let current = claim
            let outcome: Outcome
            if claim.needsCheck {
                switch lateAsAbsent(await lookUp(claim, part: number), claim) {
                case .settled(let settled): outcome = settled
                case .absent(let checked) where !claim.lookedUpOnce:
                    await lookAgainAfterTheListingLag(claim, checked, reserved: reserved)
                    return
                case .absent(let checked) where number == 1 && now() > claim.deadline:
                    // Only a post nothing of which is out can be missed; a thread half told is finished late.
                    if reserved { await giveBackTheShareKeptInDoubt(claim) }
                    outcome = .missedAfterCheck(checked)
                case .absent(let checked) where isFinalCheck(claim), .safeToSend(let checked) where isFinalCheck(claim):
                    if reserved { await giveBackTheShareKeptInDoubt(claim) }
                    outcome = .absentAfterTheLastAttempt(checked)
                case .absent(let checked), .safeToSend(let checked):
                    if reserved { await giveBackTheShareKeptInDoubt(claim) }
                    await record { try await self.store.recordLookUp(current, attempt: checked) }
                    outcome = await attempt(claim, part: number)
                }
            } else {
                outcome = await attempt(claim, part: number)
            }
            switch outcome {
            case .published(let post, let attempt), .found(let post, let attempt):
                if let hint = post.rateLimit { await budget.observe(hint, accountID: claim.accountID, network: claim.network, now: now()) }
                let part = PublishedPart(number: number, remoteID: post.remoteID, remoteURL: post.url, publishedAt: attempt.finishedAt)
                await record { try await self.store.recordPartPublished(current, part: part, attempt: attempt) }
                logger.info(outcomeIsFound(outcome) ? "part found published on the network" : "part published", metadata: [
                    "delivery.id": "\(claim.deliveryID)", "part": "\(number)", "parts.count": "\(claim.partCount)", "remote.id": "\(post.remoteID)",
                ])
                claim.publishedParts.append(part)
                claim.needsCheck = false
                claim.lookedUpOnce = false
            default:
                await record { try await self.apply(outcome, to: current, reserved: reserved) }
                return
            }
        }
        let finished = claim
        await record { try await self.store.recordAllPartsPublished(finished, at: self.now()) }
        logger.info("delivery published", metadata: ["post.id": "\(claim.postID)", "delivery.id": "\(claim.deliveryID)",
                                                     "parts.count": "\(claim.partCount)"])
    }

    private func outcomeIsFound(_ outcome: Outcome) -> Bool {
        if case .found = outcome { return true }
        return false
    }

    /// No part is sent by a daemon that is stopping or may have lost its claim, and a part that is a post of its own (a
    /// thread's reply) waits for the account's rate-limit budget (`reserving`). Returns the store write that gives the
    /// claim back (nothing was sent for this part), or nil when the part may go.
    private func mayNotSendNextPart(_ claim: ClaimedDelivery, reserving: Bool) async -> (@Sendable () async throws -> Void)? {
        if isStoppingOrLost {
            return { try await self.store.releaseClaim(claim) }
        }
        guard reserving, let until = await budget.reserve(accountID: claim.accountID, network: claim.network, now: now()) else { return nil }
        logger.notice("the next part waits for the account's rate-limit budget", metadata: [
            "delivery.id": "\(claim.deliveryID)", "until": "\(RFC3339.format(until))",
        ])
        return { try await self.store.deferClaims([(claim, until)], now: self.now()) }
    }

    /// Sends part `number`: the post itself, a thread's next part as a reply to the part before, or the first comment
    /// under the last part out (on Facebook, LinkedIn and Instagram the post; on X the thread's end).
    package func send(part number: Int, of claim: ClaimedDelivery, through connector: any Connector,
              credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        if let keyed = connector as? any KeyedPublishing {
            return try await keyed.publish(keyedRequest(number, of: claim), key: try await keySlot(claim, part: number), credentials: credentials)
        }
        switch claim.kind(ofPart: number) {
        case .post: return try await connector.publish(request(claim), credentials: credentials)
        case .reply: return try await connector.publish(reply(number, of: claim), credentials: credentials)
        case .comment: return try await connector.comment(comment(of: claim), credentials: credentials)
        }
    }

    /// Looks for part `number` on the network, from when the delivery was first claimed.
    package func find(part number: Int, of claim: ClaimedDelivery, through connector: any Connector,
              credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        switch claim.kind(ofPart: number) {
        case .post: try await connector.findPublished(request(claim), since: claim.firstClaimedAt, credentials: credentials)
        case .reply: try await connector.findPublished(reply(number, of: claim), since: claim.firstClaimedAt, credentials: credentials)
        case .comment: try await connector.findComment(comment(of: claim), since: claim.firstClaimedAt, credentials: credentials)
        }
    }

    package func reply(_ number: Int, of claim: ClaimedDelivery) -> PublishRequest {
        let part = claim.threadPart(number)
        return PublishRequest(text: part.text, media: part.media, accountRemoteID: claim.accountRemoteID,
                              replyTo: claim.publishedParts.last?.remoteID, options: claim.options)
    }

    private func comment(of claim: ClaimedDelivery) -> CommentRequest {
        CommentRequest(text: claim.firstComment ?? "", postRemoteID: claim.publishedParts.last?.remoteID ?? "", accountRemoteID: claim.accountRemoteID)
    }

    /// The end of a delivery. For a post in several parts, what is already out is said: a first comment that fails
    /// leaves the post `published` (the comment can be retried alone), and a thread that stops part way is reported
    /// as partial, a retry continuing from the part that failed.
    package func giveUp(_ claim: ClaimedDelivery, _ attempt: AttemptRecord, state: DeliveryState, error: String, lacksPermission: Bool = false) async throws {
        guard let part = attempt.part, part > 1 else {
            // The post itself was refused for the token's permission: the account is flagged (status, doctor) until it publishes.
            if lacksPermission, state == .failed { return try await store.recordPermissionRefused(claim, attempt: attempt, error: error) }
            return try await store.recordFinalFailure(claim, attempt: attempt, state: state, error: error)
        }
        if claim.kind(ofPart: part) == .comment, state == .failed {
            return try await store.recordCommentFailed(claim, attempt: attempt, error: error)
        }
        try await store.recordFinalFailure(claim, attempt: attempt, state: state, error: DeliveryEvents.partialNote(claim, part: part, error: error))
    }
}
