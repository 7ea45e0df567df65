import Foundation
import SchedulerCore

/// The key X's same-text rule looks a text up by: a 64-bit FNV-1a hash of the text as the rule compares it (trimmed of
/// whitespace and newlines, in Unicode's composed form, so texts Swift calls equal get one key). Each delivery keeps its
/// text's key, indexed with its account and due time, so checking a new post costs one index probe however many posts
/// the account has that day; texts whose keys match are still compared whole, so a collision costs a comparison, never
/// a wrong refusal.
///
/// The key is stored, so it must not change from one run to the next: Swift's `Hasher` is seeded per process.
package enum SameTextKey {
    package static func of(_ text: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in comparable(text).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// The text as the rule compares it.
    package static func comparable(_ text: String) -> String {
        text.trimmingWhitespace.composed
    }
}
