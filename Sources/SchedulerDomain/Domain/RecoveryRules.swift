import Foundation
import SchedulerCore

/// Which deliveries `retry` may send again and `resolve` may record as published: decided here once, for the
/// service that picks a post's deliveries and for the stores that check each again inside their transaction.
package enum RecoveryRules {
    /// A delivery as `retry` and `resolve` judge it, read by a store inside its transaction.
    package struct Candidate: Sendable {
        package let id: Int64
        package let postID: Int64
        package let account: String
        package let state: DeliveryState
        /// Parts not on the network yet (``partsLeft(_:)``).
        package let partsLeft: Int
    package init(id: Int64, postID: Int64, account: String, state: DeliveryState, partsLeft: Int) {
        self.id = id
        self.postID = postID
        self.account = account
        self.state = state
        self.partsLeft = partsLeft
    }
    }

    /// The one post whose deliveries `candidates` are, once each of them may be sent again; otherwise the refusal of
    /// the first that may not, so that nothing is written.
    package static func checkRetry(_ candidates: [Candidate], force: Bool) throws(StoreError) -> Int64 {
        for candidate in candidates {
            if let refusal = retryRefusal(id: candidate.id, postID: candidate.postID, account: candidate.account, state: candidate.state,
                                          partsLeft: candidate.partsLeft, force: force) {
                throw refusal
            }
        }
        let postIDs = Set(candidates.map(\.postID))
        guard let postID = postIDs.first, postIDs.count == 1 else { throw onePostAtATime() }
        return postID
    }

    package static func onePostAtATime() -> StoreError { StoreError(.invalid, "retry deliveries of one post at a time") }

    package static func checkResolve(_ candidate: Candidate) throws(StoreError) {
        if let refusal = resolveRefusal(id: candidate.id, postID: candidate.postID, account: candidate.account, state: candidate.state) {
            throw refusal
        }
    }

    /// The remote id a delivery resolved by hand records: the last path component of the URL the person found.
    package static func resolvedRemoteID(_ publishedURL: String) -> String {
        URL(string: publishedURL)?.lastPathComponent ?? publishedURL
    }

    /// Why delivery `id` of post `postID` cannot be sent again, or nil when it can: `failed`, `missed` and `expired`
    /// can; `unknown` only with `force`, since it may be on the network already; `published` only while parts of it
    /// (its first comment) are left to make.
    package static func retryRefusal(id: Int64, postID: Int64, account: String, state: DeliveryState, partsLeft: Int, force: Bool) -> StoreError? {
        switch state {
        case .failed, .missed, .expired: return nil
        case .published where partsLeft > 0: return nil
        case .unknown where force: return nil
        case .unknown:
            return StoreError(.conflict, "post \(postID)'s delivery \(id) to \(account) may already be on the network",
                              hint: RefusalHint(.retryOrResolve, post: postID, delivery: id))
        default:
            return StoreError(.conflict, "post \(postID)'s delivery \(id) to \(account) is \(state.rawValue); only failed, missed, expired or "
                              + "unknown deliveries (or published ones whose first comment failed) can be retried")
        }
    }

    /// Whether `delivery` is one a post-wide `retry` sends again.
    package static func retryable(_ delivery: DeliveryRecord, postID: Int64, force: Bool) -> Bool {
        retryRefusal(id: delivery.id, postID: postID, account: delivery.account, state: delivery.state,
                     partsLeft: partsLeft(delivery), force: force) == nil
    }

    /// Parts of a delivery in several parts not yet on the network (a first comment that failed, say).
    package static func partsLeft(_ delivery: DeliveryRecord) -> Int {
        guard let count = delivery.partCount, count > 1 else { return 0 }
        return count - (delivery.parts?.count ?? 0)
    }

    package static let resolvable: Set<DeliveryState> = [.unknown, .failed, .missed]

    /// What an edit may bring back to `scheduled` at a new time (`edit --reschedule`): a delivery that did not go out and
    /// is known not to be on the network. An `unknown` one never is: it may be out already.
    package static let reschedulable: Set<DeliveryState> = [.failed, .missed, .expired]

    /// Why delivery `id` cannot be recorded as published, or nil when it can: the person found an `unknown`, `failed`
    /// or `missed` one on the network.
    package static func resolveRefusal(id: Int64, postID: Int64, account: String, state: DeliveryState) -> StoreError? {
        guard !resolvable.contains(state) else { return nil }
        return StoreError(.conflict, "post \(postID)'s delivery \(id) to \(account) is \(state.rawValue); only unknown, failed or missed "
                          + "deliveries can be resolved")
    }
}
