#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes ids shaped like Mastodon's (`Mastodon::Snowflake`): milliseconds since the Unix epoch shifted left 16 bits,
/// plus a sequence, so 18 digits that grow with time.
///
/// The API sends them as strings ("cast from an integer but not guaranteed to be a number"); giving them the real
/// size catches a client that parses one into a `Double` or an `Int32`. The low bits start at `salt`, so two
/// instances (or two kinds of object) rarely share an id.
struct MastodonIDGenerator: Sendable {
    private var last: Int64 = 0
    private let salt: Int64

    init(salt: Int = 0) {
        self.salt = Int64(salt & 0x7FFF)
    }

    /// The next id for an object made at `now`; always larger than the one before.
    mutating func next(now: Date) -> Int64 {
        let milliseconds = max(0, Int64((now.timeIntervalSince1970 * 1_000).rounded(.down)))
        last = max((milliseconds << 16) | salt, last + 1)
        return last
    }

    /// The id of the local account `username` (case-insensitive): shaped as a snowflake made in the instance's first
    /// year, but taken from the name, not the clock, so it is the same in every sandbox. An id already `taken` by
    /// another account moves on to the next.
    func accountID(for username: String, taken: (Int64) -> Bool) -> Int64 {
        // 2022-11-01, the sandbox instances' notional opening; a year of milliseconds after it.
        let opened: Int64 = 1_667_260_800_000
        let year: UInt64 = 365 * 86_400 * 1_000
        var milliseconds = opened + Int64(UserNumbering.hash(username.lowercased()) % year)
        while taken((milliseconds << 16) | salt) { milliseconds += 1 }
        return (milliseconds << 16) | salt
    }

    /// A stable salt for `text` (a domain), so each instance's ids differ in their low bits.
    static func salt(for text: String) -> Int {
        Int(text.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } & 0x7FFF)
    }
}
