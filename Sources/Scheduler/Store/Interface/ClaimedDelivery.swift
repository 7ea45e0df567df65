import Foundation
import NetworkRules
import SchedulerCore

/// A delivery the engine has claimed: committed as `publishing` before any request is sent.
public struct ClaimedDelivery: Sendable, Equatable {
    public var deliveryID: Int64
    public var postID: Int64
    public var accountID: Int64
    public var network: Network
    public var handle: String
    public var text: String
    public var dueAt: Date
    /// When the delivery comes due (its due time, or its retry's time): a claim made ahead of it waits until then.
    public var sendAt: Date = .distantPast
    /// 1 for the first attempt.
    public var attempt: Int
    /// The account's id at the network (Page id, member URN, IG user id).
    public var accountRemoteID: String = ""
    /// An Instagram account that publishes by handoff.
    public var handoff: Bool = false
    public var media: [MediaItem] = []
    /// The outcome of an earlier request is unknown: look on the network before sending again.
    public var needsCheck: Bool = false
    /// When the first request could have gone out; a look-up searches from there.
    public var firstClaimedAt: Date = .distantPast
    /// Nothing goes out after this: the due time (or a person's retry) plus the lateness limit.
    public var deadline: Date = .distantFuture
    /// A look-up made since the last request found nothing: this claim is the second look, after the
    /// listing lag, and a second "not there" means it is not there.
    public var lookedUpOnce: Bool = false
    /// An X thread's parts after the first, in order.
    public var thread: [ThreadPart] = []
    /// The comment made under the post once every other part is out.
    public var firstComment: String?
    /// Mastodon's visibility and content warning and the text's language, for every part.
    public var options = PostOptions()
    /// The parts already on the network, in order: a claim continues after the last of them.
    public var publishedParts: [PublishedPart] = []
    /// The account's sealed credentials (ciphertext) as the claim's transaction read them, so publishing opens them
    /// without reading the store again; nil when the claim did not read them.
    public var sealedCredentials: [UInt8]?

    /// `network:@handle`, as events and `--to` name the account.
    public var account: String { "\(network.rawValue):@\(handle)" }
}

/// One try at publishing (or looking up), as it is logged for `history`.
public typealias AttemptRecord = HistoryView.Attempt
