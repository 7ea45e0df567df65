#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The nonces seen inside the timestamp window, so a replayed request is refused.
///
/// A value type on purpose: ``OAuth1Verifier`` takes it `inout`, tests drive it with any clock,
/// and the actor that owns the live one (``XAccountStore``) makes check-and-insert atomic.
/// Entries older than the window are pruned on every insert; ``OAuth1Verifier/makeNonceCache()``
/// picks a window past which a replay is refused for its timestamp anyway.
public struct NonceCache: Sendable {
    private struct Key: Hashable, Sendable {
        var consumerKey: String
        var token: String
        var nonce: String
    }

    private var seenAt: [Key: Date] = [:]
    /// Keys in insertion order, so pruning only looks at the oldest entries.
    private var order: [(key: Key, at: Date)] = []
    private var orderStart = 0
    /// How long a nonce is remembered.
    public let window: TimeInterval

    public init(window: TimeInterval) {
        self.window = window
    }

    /// The number of nonces currently remembered.
    public var count: Int { seenAt.count }

    /// Whether the nonce was already used by this consumer and token inside the window.
    public func contains(consumerKey: String, token: String?, nonce: String, now: Date) -> Bool {
        let key = Key(consumerKey: consumerKey, token: token ?? "", nonce: nonce)
        guard let at = seenAt[key] else { return false }
        return now.timeIntervalSince(at) <= window
    }

    /// Remembers a nonce as used at `now`, forgetting those that fell out of the window.
    public mutating func insert(consumerKey: String, token: String?, nonce: String, now: Date) {
        prune(now: now)
        let key = Key(consumerKey: consumerKey, token: token ?? "", nonce: nonce)
        seenAt[key] = now
        order.append((key, now))
    }

    /// Forgets every nonce seen more than `window` seconds before `now`.
    public mutating func prune(now: Date) {
        while orderStart < order.count, now.timeIntervalSince(order[orderStart].at) > window {
            let entry = order[orderStart]
            if seenAt[entry.key] == entry.at { seenAt[entry.key] = nil }
            orderStart += 1
        }
        if orderStart > 1024, orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }
}
