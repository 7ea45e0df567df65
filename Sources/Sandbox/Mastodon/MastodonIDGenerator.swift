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

    /// A stable salt for `text` (a domain), so each instance's ids differ in their low bits.
    static func salt(for text: String) -> Int {
        Int(text.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } & 0x7FFF)
    }
}
