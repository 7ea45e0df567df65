#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Timestamp identifiers (atproto.com/specs/tid): 13 characters of base32-sortable, the record keys of posts.
///
/// Written here, apart from the connector's generator, so the emulation checks the client against the spec
/// rather than against itself.
enum TID {
    /// The base32-sortable alphabet.
    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz")

    /// Whether `key` is a valid TID: `^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$`.
    /// The first character is limited so the top bit of the 64-bit integer is 0.
    static func isValid(_ key: String) -> Bool {
        let characters = Array(key)
        guard characters.count == 13, let first = characters.first, alphabet.prefix(16).contains(first) else { return false }
        return characters.allSatisfy { alphabet.contains($0) }
    }

    /// Encodes microseconds since the epoch and a clock id (0–1023) as a TID.
    static func encode(microseconds: UInt64, clockID: UInt64) -> String {
        var value = (microseconds & ((1 << 53) - 1)) << 10 | (clockID & 0x3FF)
        var characters = [Character](repeating: "2", count: 13)
        for index in stride(from: 12, through: 0, by: -1) {
            characters[index] = alphabet[Int(value & 31)]
            value >>= 5
        }
        return String(characters)
    }
}

/// Makes TIDs for records created without an rkey: never repeating, always growing, even within one microsecond.
struct TIDGenerator: Sendable {
    private var last: UInt64 = 0
    private let clockID = UInt64.random(in: 0..<1024)

    mutating func next(now: Date) -> String {
        let micros = UInt64(max(0, now.timeIntervalSince1970 * 1_000_000))
        last = max(micros, last + 1)
        return TID.encode(microseconds: last, clockID: clockID)
    }
}
