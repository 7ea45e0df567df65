import Foundation
import NetworkRules
import SchedulerCore

/// A network that settles a request in doubt by a key the client keeps, never by looking for the text: Bluesky's record
/// key (a TID chosen by the client), Mastodon's `Idempotency-Key`, the Threads container made for the post. The key is
/// stored before the first request that carries it, so after a lost answer, a 5xx or a crash the same key is asked
/// about (or sent again), whatever the listing shows.
///
/// The engine gives such a connector every part of a delivery (the post, a thread's replies, the first comment, which
/// on these networks is a reply) through ``publish(_:key:credentials:)``, and settles doubts with
/// ``settle(_:key:since:keyAge:credentials:)``; the unkeyed ``Connector`` calls are not used for it.
public protocol KeyedPublishing: Connector {
    /// Publishes once, with the key in `slot` or, when it holds none, a new one stored there before it is sent.
    func publish(_ request: PublishRequest, key slot: any PublishKeySlot, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost

    /// What the network holds under `key`, first sent no earlier than `since` (a wall-clock time, for listings), the key
    /// stored `keyAge` ago (for a network that forgets keys after a while).
    func settle(_ request: PublishRequest, key: String, since: Date, keyAge: KeyAge, credentials: AccountCredentials) async throws(ConnectorError)
        -> KeyedLookUp
}

/// How long ago a key was stored, as far as the daemon can vouch for it: measured on the boot-time clock, which no step
/// of the wall clock moves; unknown when it was stored on another boot or machine, or before the daemon kept readings.
/// A key of unknown age is treated as one the network may have forgotten.
public enum KeyAge: Sendable, Equatable {
    case measured(TimeInterval)
    case unknown

    /// Whether the key is surely younger than `window`.
    public func isSurelyWithin(_ window: TimeInterval) -> Bool {
        if case .measured(let seconds) = self { return seconds < window }
        return false
    }
}

/// Where one part's key is kept.
public protocol PublishKeySlot: Sendable {
    /// The key stored for the part, if any: nothing was ever sent for a part without one.
    var stored: String? { get }
    /// Stores `key` (durably) before the request carrying it is sent. A failure means nothing may be sent.
    func store(_ key: String) async throws(ConnectorError)
}

/// What the network says of a key.
public enum KeyedLookUp: Sendable, Equatable {
    /// The post is there.
    case found(PublishedPost)
    /// The key makes sending again safe: the network keeps at most one post under it (Bluesky's record key is free;
    /// Mastodon's key is within its hour; a Threads container is not published yet).
    case sendAgain
    /// Not in the account's listing (Mastodon past the key's hour): the listing may lag, so it is looked at once more,
    /// after the lag, before anything is sent.
    case notListed
}

extension KeyedPublishing {
    public func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        throw Self.keyed(network)
    }

    public func findPublished(_ request: PublishRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        throw Self.keyed(network)
    }

    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        throw Self.keyed(network)
    }

    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        throw Self.keyed(network)
    }

    private static func keyed(_ network: Network) -> ConnectorError {
        ConnectorError(code: .permanent, message: "\(network.displayName) publishes only with a key stored first; this is a bug in schedulerd")
    }
}
