#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Idempotency-Key`s of `POST /api/v1/statuses`, as PostStatusService keeps them (docs/research/mastodon.md §3).
///
/// Keyed by account and key, not by app or token: one key from two apps of one account names one status, and one
/// key from two accounts names two. A key is stored for 3,600 seconds from when its status was made, and only once
/// the status was made: a refused request leaves no key behind. While the first request with a key still holds its
/// lock, another with the same key is refused with 503 (`Mastodon::RaceConditionError`). A value type; the timeline
/// actor owns the live one.
struct MastodonIdempotencyLedger: Sendable {
    /// The Redis TTL: `redis.setex(idempotency_key, 3_600, @status.id)`.
    static let lifetime: TimeInterval = 3_600

    /// What a request with a key may do.
    enum Claim: Sendable, Equatable {
        /// No live key: make the status; the key is now held until ``store(account:key:statusID:now:)`` or ``release(account:key:)``.
        case fresh
        /// A status was made with this key within the hour: answer it, make nothing.
        case replay(statusID: String)
        /// The first request with this key is still being processed.
        case busy
    }

    private enum Entry: Sendable {
        case inFlight
        case stored(statusID: String, until: Date)
    }

    private var entries: [String: Entry] = [:]

    mutating func claim(account: String, key: String, now: Date) -> Claim {
        let name = Self.name(account, key)
        switch entries[name] {
        case .inFlight?:
            return .busy
        case .stored(let statusID, let until)? where now < until:
            return .replay(statusID: statusID)
        default:
            entries[name] = .inFlight
            return .fresh
        }
    }

    /// Lets go of a held key whose request was refused, so a retry runs afresh.
    mutating func release(account: String, key: String) {
        let name = Self.name(account, key)
        if case .inFlight? = entries[name] { entries[name] = nil }
    }

    /// Stores the held key for the status made with it, for an hour from `now`.
    mutating func store(account: String, key: String, statusID: String, now: Date) {
        entries[Self.name(account, key)] = .stored(statusID: statusID, until: now.addingTimeInterval(Self.lifetime))
        if entries.count > 10_000 { forgetExpired(now: now) }
    }

    private mutating func forgetExpired(now: Date) {
        entries = entries.filter { _, entry in
            if case .stored(_, let until) = entry { return now < until }
            return true
        }
    }

    private static func name(_ account: String, _ key: String) -> String {
        "\(account):\(key)"
    }
}
