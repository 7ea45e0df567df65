import Foundation
import NetworkRules
import SchedulerCore

/// What the engine knows of a network: who it is, what text it takes, and how to publish.
///
/// Connectors know nothing of the store: they get text and credentials in, and give a remote id
/// or a ``ConnectorError`` back. A new network is one new conforming type plus one registration
/// in ``ConnectorRegistry``.
public protocol Connector: Sendable {
    var network: Network { get }

    /// The limits text is checked against when a post is scheduled.
    var textRules: TextRules { get }

    /// The media one post may carry.
    var mediaRules: MediaRules { get }

    /// Every problem that would make the network refuse `request`, in words a person can act on.
    func validate(_ request: PublishRequest) -> [String]

    /// Exactly the request body the network would receive, for `--dry-run`.
    func preview(_ request: PublishRequest) -> JSONValue

    /// Asks the network who the credentials belong to; used when an account is imported.
    func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile

    /// Looks in the account's recent posts for one with this text published at or after `since`, so a
    /// post whose outcome is unknown after a crash is never sent twice. Nil means it is not there;
    /// an error means no check was possible.
    func findPublished(_ request: PublishRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost?

    /// Publishes once. The caller has already claimed the delivery, so this must not retry by itself.
    /// With `replyTo` (X only), the post answers that one: the next part of a thread.
    func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost

    /// Comments once under a published post, as the account that published it (X: a reply to it). Like
    /// `publish`, it must not retry by itself.
    func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost

    /// Looks among the post's comments (X: the account's replies to it) for one with this text made at or
    /// after `since`, so a comment whose outcome is unknown is never made twice. Nil means it is not there.
    func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost?
}

/// A comment under a post the account published: Facebook `/{post-id}/comments` as the Page, LinkedIn
/// `socialActions/{urn}/comments` as the author, Instagram `/{ig-media-id}/comments`, and on X a reply.
public struct CommentRequest: Sendable, Equatable {
    public var text: String
    /// The post commented on, as its publish answered (post id, share URN, media id, tweet id).
    public var postRemoteID: String
    /// The account commenting: the one that published the post.
    public var accountRemoteID: String

    public init(text: String, postRemoteID: String, accountRemoteID: String) {
        self.text = text
        self.postRemoteID = postRemoteID
        self.accountRemoteID = accountRemoteID
    }
}

/// A post the network accepted.
public struct PublishedPost: Sendable, Equatable {
    public var remoteID: String
    public var url: String?
    public var httpStatus: Int
    /// What the network's answer said about the remaining rate limit, when it said anything.
    public var rateLimit: RateLimitHint?

    public init(remoteID: String, url: String?, httpStatus: Int, rateLimit: RateLimitHint? = nil) {
        self.remoteID = remoteID
        self.url = url
        self.httpStatus = httpStatus
        self.rateLimit = rateLimit
    }
}

/// Who a set of credentials belongs to, as the network reports it.
public struct AccountProfile: Sendable, Equatable {
    public var remoteID: String
    public var handle: String
    public var displayName: String

    public init(remoteID: String, handle: String, displayName: String) {
        self.remoteID = remoteID
        self.handle = handle
        self.displayName = displayName
    }
}
