import Foundation
import SchedulerCore

/// What `edit` may touch, decided on the post as stored inside the edit's transaction: a change to the whole post needs
/// every delivery still waiting (`scheduled` or `draft`); a per-account change needs only that account's. Anything that
/// has gone out, or is going out, is never changed: the edit is refused as a conflict and nothing is written.
package struct EditGuard {
    package let post: PostRecord
    package let change: PostChange

    package func check() throws {
        if let expected = change.expectedVersion, expected != post.version {
            throw StoreError(.conflict, "post \(post.id) was changed since version \(expected) (it is now version \(post.version)); "
                             + "read it again and build the change from it")
        }
        let waiting = change.reschedule ? DeliveryLifecycle.waiting.union(RecoveryRules.reschedulable) : DeliveryLifecycle.waiting
        if change.reschedule {
            guard change.time != nil else { throw StoreError(.invalid, "scheduling post \(post.id) again needs a new time", hint: .give(.at)) }
            if let out = post.deliveries.first(where: { RecoveryRules.reschedulable.contains($0.state) && !($0.parts ?? []).isEmpty }) {
                throw StoreError(.conflict, "post \(post.id)'s delivery to \(out.account) is partly on the network",
                                 hint: RefusalHint(.retry, post: post.id))
            }
        }
        if change.touchesEveryDelivery, let first = post.deliveries.first(where: { !waiting.contains($0.state) }) {
            throw StoreError(.conflict, "post \(post.id) can no longer be edited: its delivery to \(first.account) is \(first.state.rawValue)")
        }
        for accountID in change.touchedAccountIDs.sorted() {
            guard let delivery = post.deliveries.first(where: { $0.accountId == accountID }) else {
                throw StoreError(.notFound, "post \(post.id) has no delivery to account \(accountID)")
            }
            guard waiting.contains(delivery.state) else {
                throw StoreError(.conflict, "post \(post.id)'s delivery to \(delivery.account) is \(delivery.state.rawValue); "
                                 + "what has gone out is never changed")
            }
        }
        for target in change.addTargets where post.deliveries.contains(where: { $0.accountId == target.accountID }) {
            throw StoreError(.conflict, "post \(post.id) already goes to account \(target.accountID)")
        }
        let remaining = post.deliveries.count - Set(change.removeAccountIDs).count + change.addTargets.count
        if remaining < 1 { throw StoreError(.invalid, "post \(post.id) would go nowhere", hint: RefusalHint(.cancelPost, post: post.id)) }
        if !change.addTargets.isEmpty, post.queued == true {
            throw StoreError(.invalid, "post \(post.id) holds a posting slot of its accounts, so no account can be added until it has a time of its own",
                             hint: RefusalHint(.editTime, post: post.id))
        }
        if change.media != nil || !change.addTargets.isEmpty, post.thread != nil {
            throw StoreError(.invalid, "post \(post.id) is a thread; its media and accounts stay as scheduled (cancel it and schedule it again)")
        }
    }

    /// The state a delivery added now starts in: the post's own.
    package var addedState: DeliveryState { post.dueAt == nil ? .draft : .scheduled }
    package init(post: PostRecord, change: PostChange) {
        self.post = post
        self.change = change
    }
}
