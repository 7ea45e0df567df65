import Foundation
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
    func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost
}

/// What to publish to one account.
public struct PublishRequest: Sendable, Equatable {
    public var text: String
    public var media: [MediaItem]
    /// The remote account (Page id, member or organization URN, IG user id) the post goes to.
    public var accountRemoteID: String
    /// An Instagram account with no API access: the person finishes the post in the app.
    public var handoff: Bool

    public init(text: String, media: [MediaItem] = [], accountRemoteID: String = "", handoff: Bool = false) {
        self.text = text
        self.media = media
        self.accountRemoteID = accountRemoteID
        self.handoff = handoff
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
