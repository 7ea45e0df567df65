/// Numbers for the sandbox's users, taken from their usernames: `runner` is the same user, with the
/// same ids, every time a sandbox starts, and no other username is ever given `runner`'s ids.
///
/// A counter from 1 would hand the first user of a restarted sandbox the ids of the first user of the
/// last one, so a token imported for someone new would land on the earlier person's account in the
/// daemon (which knows accounts by their network id). Derived ids need no state kept between starts.
struct UserNumbering: Sendable {
    /// Numbers run from 1 to this; two usernames share a number with odds of one in 10^12, and within
    /// one sandbox the second is moved to the next free number.
    static let range: UInt64 = 1_000_000_000_000

    private var holders: [Int64: String] = [:]

    /// The number of `username` (case-insensitive), the same in every sandbox.
    mutating func number(for username: String) -> Int64 {
        let name = username.lowercased()
        var number = Int64(Self.hash(name) % Self.range) + 1
        while let holder = holders[number], holder != name {
            number = number % Int64(Self.range) + 1
        }
        holders[number] = name
        return number
    }

    /// FNV-1a, 64 bits: stable across processes and platforms, unlike `Hasher`.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
