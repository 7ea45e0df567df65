import Foundation
import NetworkRules
import SchedulerCore

/// A delivery the engine has claimed: committed as `publishing` before any request is sent.
package struct ClaimedDelivery: Sendable, Equatable {
    package var deliveryID: Int64
    package var postID: Int64
    package var accountID: Int64
    package var network: Network
    package var handle: String
    package var text: String
    package var dueAt: Date
    /// When the delivery comes due (its due time, or its retry's time): a claim made ahead of it waits until then.
    package var sendAt: Date = .distantPast
    /// 1 for the first attempt.
    package var attempt: Int
    /// The account's id at the network (Page id, member URN, IG user id).
    package var accountRemoteID: String = ""
    /// An Instagram account that publishes by handoff.
    package var handoff: Bool = false
    package var media: [MediaItem] = []
    /// The outcome of an earlier request is unknown: look on the network before sending again.
    package var needsCheck: Bool = false
    /// When the first request could have gone out; a look-up searches from there.
    package var firstClaimedAt: Date = .distantPast
    /// Nothing goes out after this: the due time (or a person's retry) plus the lateness limit.
    package var deadline: Date = .distantFuture
    /// A look-up made since the last request found nothing: this claim is the second look, after the
    /// listing lag, and a second "not there" means it is not there.
    package var lookedUpOnce: Bool = false
    /// An X thread's parts after the first, in order.
    package var thread: [ThreadPart] = []
    /// The comment made under the post once every other part is out.
    package var firstComment: String?
    /// Mastodon's visibility and content warning and the text's language, for every part.
    package var options = PostOptions()
    /// The parts already on the network, in order: a claim continues after the last of them.
    package var publishedParts: [PublishedPart] = []
    /// The account's sealed credentials (ciphertext) as the claim's transaction read them, so publishing opens them
    /// without reading the store again; nil when the claim did not read them.
    package var sealedCredentials: [UInt8]?

    /// `network:@handle`, as events and `--to` name the account.
    package var account: String { "\(network.rawValue):@\(handle)" }
    package init(deliveryID: Int64, postID: Int64, accountID: Int64, network: Network, handle: String, text: String, dueAt: Date, sendAt: Date = .distantPast, attempt: Int, accountRemoteID: String = "", handoff: Bool = false, media: [MediaItem] = [], needsCheck: Bool = false, firstClaimedAt: Date = .distantPast, deadline: Date = .distantFuture, lookedUpOnce: Bool = false, thread: [ThreadPart] = [], firstComment: String? = nil, options: PostOptions = PostOptions(), publishedParts: [PublishedPart] = [], sealedCredentials: [UInt8]? = nil) {
        self.deliveryID = deliveryID
        self.postID = postID
        self.accountID = accountID
        self.network = network
        self.handle = handle
        self.text = text
        self.dueAt = dueAt
        self.sendAt = sendAt
        self.attempt = attempt
        self.accountRemoteID = accountRemoteID
        self.handoff = handoff
        self.media = media
        self.needsCheck = needsCheck
        self.firstClaimedAt = firstClaimedAt
        self.deadline = deadline
        self.lookedUpOnce = lookedUpOnce
        self.thread = thread
        self.firstComment = firstComment
        self.options = options
        self.publishedParts = publishedParts
        self.sealedCredentials = sealedCredentials
    }
}

/// One try at publishing (or looking up), as it is logged for `history`.
package typealias AttemptRecord = HistoryRecord.Attempt
