import Foundation
import SchedulerCore

/// One (post, account) delivery and its outcome, as a store reads it.
package struct DeliveryRecord: Sendable, Equatable {
    package var id: Int64
    package var accountId: Int64
    /// `network:@handle`.
    package var account: String
    package var network: Network
    package var state: DeliveryState
    package var text: String?
    package var remoteId: String?
    package var remoteUrl: String?
    package var publishedAt: Date?
    package var nextAttemptAt: Date?
    package var attempts: Int
    package var error: String?
    /// An earlier request may have published it: at `nextAttemptAt` the network is looked at before anything is sent.
    package var lookUpFirst: Bool?
    /// The comment made under the post once it is out.
    package var firstComment: String?
    /// How many requests make this delivery; nil for a plain post.
    package var partCount: Int?
    /// The parts already on the network, in order; nil for a plain post.
    package var parts: [DeliveryPartRecord]?
    /// A rate-limit budget holds this waiting delivery back until then.
    package var throttledUntil: Date?

    package init(id: Int64, accountId: Int64, account: String, network: Network, state: DeliveryState, text: String?,
                 remoteId: String?, remoteUrl: String?, publishedAt: Date?, nextAttemptAt: Date?, attempts: Int, error: String?,
                 lookUpFirst: Bool? = nil, firstComment: String? = nil, partCount: Int? = nil, parts: [DeliveryPartRecord]? = nil,
                 throttledUntil: Date? = nil) {
        self.throttledUntil = throttledUntil
        self.firstComment = firstComment; self.partCount = partCount; self.parts = parts
        self.id = id; self.accountId = accountId; self.account = account; self.network = network; self.state = state
        self.text = text; self.remoteId = remoteId; self.remoteUrl = remoteUrl; self.publishedAt = publishedAt
        self.nextAttemptAt = nextAttemptAt; self.attempts = attempts; self.error = error; self.lookUpFirst = lookUpFirst
    }
}

/// One part of a delivery in several parts that went out: the post (1), a thread's replies, the first comment (last).
package struct DeliveryPartRecord: Sendable, Equatable {
    package var part: Int
    /// `post`, `reply` or `comment`.
    package var kind: String
    package var remoteId: String
    package var remoteUrl: String?
    package var publishedAt: Date

    package init(part: Int, kind: String, remoteId: String, remoteUrl: String?, publishedAt: Date) {
        self.part = part; self.kind = kind; self.remoteId = remoteId; self.remoteUrl = remoteUrl; self.publishedAt = publishedAt
    }
}
