import Foundation
import Synchronization

/// A record key for a post, chosen before the post is sent and stored with its delivery: a TID (AT Protocol's
/// timestamp identifier), so that after any doubt the post is found by `com.atproto.repo.getRecord` with that exact key,
/// and a second create with the same key is refused by the PDS rather than making a second post.
///
/// The TID format (atproto.com/specs/tid): a 64-bit integer whose top bit is 0, then 53 bits of microseconds since the
/// Unix epoch, then a 10-bit clock identifier; written as 13 characters of base32-sortable
/// (`234567abcdefghijklmnopqrstuvwxyz`), most significant first, so keys sort in time order.
public struct BlueskyRecordKey: Sendable, Hashable, CustomStringConvertible {
    public let value: String

    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz")

    /// A TID: 13 characters of the alphabet, the first among its first 16 (the top bit is 0).
    public init?(_ text: String) {
        let characters = Array(text)
        guard characters.count == 13, let first = characters.first, Self.alphabet.prefix(16).contains(first),
              characters.allSatisfy(Self.alphabet.contains) else { return nil }
        value = text
    }

    /// The key for `microseconds` since the epoch and `clockID` (0–1023).
    init(microseconds: UInt64, clockID: UInt16) {
        let number = (microseconds & ((1 << 53) - 1)) << 10 | UInt64(clockID & 0x3FF)
        value = String((0..<13).reversed().map { Self.alphabet[Int((number >> (UInt64($0) * 5)) & 31)] })
    }

    /// The microseconds since the epoch the key holds.
    public var microseconds: UInt64 {
        value.reduce(UInt64(0)) { $0 << 5 | UInt64(Self.alphabet.firstIndex(of: $1)!) } >> 10
    }

    public var description: String { value }
}

/// Gives out record keys that only grow, even when two are asked for in the same microsecond or the clock steps back:
/// one clock identifier per generator, picked at random, as the spec suggests for a process.
public final class BlueskyRecordKeys: Sendable {
    private let last = Mutex<UInt64>(0)
    private let clockID: UInt16
    private let now: @Sendable () -> Date

    public init(clockID: UInt16 = UInt16.random(in: 0...1023), now: @escaping @Sendable () -> Date = Date.init) {
        self.clockID = clockID & 0x3FF
        self.now = now
    }

    public func next() -> BlueskyRecordKey {
        let clock = UInt64(max(0, now().timeIntervalSince1970 * 1_000_000))
        let microseconds = last.withLock { last in
            last = max(clock, last + 1)
            return last
        }
        return BlueskyRecordKey(microseconds: microseconds, clockID: clockID)
    }
}
