import Foundation
import SchedulerCore
import SchedulerDomain

/// What a person does about deliveries that went wrong, by post (as every other command names posts) or by one
/// delivery: which of a post's deliveries `retry` sends again and which `resolve` records, decided here, the states
/// themselves by ``RecoveryRules``; the answer names each delivery and account it took.
package struct RecoveryService: Sendable {
    package let store: any PostStore
    /// Woken after a retry: a delivery is due now.
    package let wake: WakeSignal
    package let now: @Sendable () -> Date

    package init(store: any PostStore, wake: WakeSignal, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store; self.wake = wake; self.now = now
    }

    /// Sends post `postID`'s retryable deliveries again (``RecoveryRules``), all of them at once, as `gh run rerun
    /// --failed` reruns a run's failed jobs; `unknown` ones only with `force`, and otherwise named as left alone. With
    /// `deliveryID`, that delivery of the post only.
    package func retry(postID: Int64, deliveryID: Int64?, force: Bool) async throws -> PostView {
        let post = try await store.post(id: postID)
        let chosen: [DeliveryRecord]
        if let deliveryID {
            chosen = [try Self.delivery(deliveryID, of: post)]
        } else {
            chosen = post.deliveries.filter { RecoveryRules.retryable($0, postID: postID, force: force) }
            guard !chosen.isEmpty else { throw Self.nothingToRetry(post) }
        }
        var view = try await store.retryDeliveries(ids: chosen.map(\.id), force: force, now: now())
        wake.signal()
        let left = post.deliveries.filter { $0.state == .unknown && !chosen.map(\.id).contains($0.id) }
        view.notes = chosen.map { "retried delivery \($0.id) to \($0.account) (it was \(Self.describe($0)))" }
            + left.map { "left delivery \($0.id) to \($0.account) alone: it is unknown, so it may already be on \($0.network.displayName); "
                + "look first, then `\(RecoveryCommand.retry(post: postID, delivery: $0.id, force: true))` sends it again" }
        return PostView(view)
    }

    /// Sends one delivery again, named by its own id.
    package func retry(deliveryID: Int64, force: Bool) async throws -> PostView {
        var view = try await store.retryDeliveries(ids: [deliveryID], force: force, now: now())
        wake.signal()
        view.notes = view.deliveries.filter { $0.id == deliveryID }.map { "retried delivery \($0.id) to \($0.account)" }
        return PostView(view)
    }

    /// Records post `postID` as published at `url` where the person found it: its one unknown, failed or missed
    /// delivery, or `deliveryID` of them. A URL is one post on one network, so when several could be meant the person
    /// is asked which (`--delivery`), rather than all of them being recorded at one address.
    package func resolve(postID: Int64, deliveryID: Int64?, url: String) async throws -> PostView {
        try Self.checkURL(url)
        let post = try await store.post(id: postID)
        let delivery: DeliveryRecord
        if let deliveryID {
            delivery = try Self.delivery(deliveryID, of: post)
        } else {
            let candidates = post.deliveries.filter { RecoveryRules.resolvable.contains($0.state) }
            guard candidates.count == 1 else {
                guard !candidates.isEmpty else {
                    throw RequestError(.conflict, "post \(postID) has no delivery to resolve (\(Self.list(post.deliveries))); "
                                       + "only unknown, failed or missed deliveries can be resolved")
                }
                throw RequestError.badRequest("post \(postID) has \(candidates.count) deliveries that could be at \(url): \(Self.list(candidates))",
                                              hint: .give(.delivery))
            }
            delivery = candidates[0]
        }
        return try await resolve(deliveryID: delivery.id, url: url)
    }

    /// Records one delivery, named by its own id, as published at `url`.
    package func resolve(deliveryID: Int64, url: String) async throws -> PostView {
        try Self.checkURL(url)
        var view = try await store.resolveDelivery(id: deliveryID, publishedURL: url, now: now())
        view.notes = view.deliveries.filter { $0.id == deliveryID }.map { "recorded delivery \($0.id) to \($0.account) as published at \(url)" }
        return PostView(view)
    }

    /// Every attempt at every delivery of a post, oldest first.
    package func history(postID: Int64) async throws -> HistoryView { HistoryView(try await store.history(postID: postID)) }

    /// Pauses everything, one account (`account`) or one network.
    package func pause(account: String?, network: Network?) async throws -> PauseView {
        PauseView(try await store.pause(account: account, network: network, paused: true, now: now()))
    }

    /// Lifts a pause (every pause with neither `account` nor `network`) and wakes the engine: what was held may be due.
    package func resume(account: String?, network: Network?) async throws -> PauseView {
        let view = try await store.pause(account: account, network: network, paused: false, now: now())
        wake.signal()
        return PauseView(view)
    }

    private static func checkURL(_ url: String) throws {
        guard let parsed = URL(string: url), parsed.scheme == "https" || parsed.scheme == "http", parsed.host != nil else {
            throw RequestError.badRequest("'\(url)' is not the URL of a published post (https://…)")
        }
    }

    private static func delivery(_ id: Int64, of post: PostRecord) throws -> DeliveryRecord {
        guard let delivery = post.deliveries.first(where: { $0.id == id }) else {
            throw RequestError(.notFound, "post \(post.id) has no delivery \(id); its deliveries are \(list(post.deliveries))")
        }
        return delivery
    }

    /// Why a post-wide retry found nothing: an unknown delivery needs `--force`, or nothing went wrong.
    private static func nothingToRetry(_ post: PostRecord) -> RequestError {
        if let unknown = post.deliveries.first(where: { $0.state == .unknown }) {
            return RequestError(.conflict, "post \(post.id)'s delivery \(unknown.id) to \(unknown.account) is unknown: it may already be on "
                                + "\(unknown.network.displayName)", hint: RefusalHint(.retryOrResolve, post: post.id))
        }
        return RequestError(.conflict, "post \(post.id) has nothing to retry (\(list(post.deliveries))); only failed, missed, expired or "
                            + "unknown deliveries (or published ones whose first comment failed) can be retried")
    }

    /// "delivery 16 to x:@club, published; delivery 17 to x:@coach, failed".
    private static func list(_ deliveries: [DeliveryRecord]) -> String {
        deliveries.map { "delivery \($0.id) to \($0.account), \(describe($0))" }.joined(separator: "; ")
    }

    private static func describe(_ delivery: DeliveryRecord) -> String {
        delivery.state == .published && RecoveryRules.partsLeft(delivery) > 0 ? "published without its first comment" : delivery.state.rawValue
    }
}
