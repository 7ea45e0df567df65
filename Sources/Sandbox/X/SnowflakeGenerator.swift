#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes post ids shaped like X's snowflakes: 64-bit, time-ordered, strictly increasing.
///
/// Connectors store and compare these ids as strings; giving them the real shape (19 digits that
/// grow with time) catches code that assumes small numbers or parses them into a `Double`.
public struct SnowflakeGenerator: Sendable {
    /// X's snowflake epoch, 2010-11-04T01:42:54.657Z, in Unix milliseconds.
    public static let epochMilliseconds: Int64 = 1_288_834_974_657
    private let worker: Int64
    private var last: Int64 = 0

    /// - Parameter worker: a 10-bit worker number, so ids from two generators never collide.
    public init(worker: Int = 1) {
        self.worker = Int64(worker & 0x3FF)
    }

    /// The next id for an object created at `now`; always larger than the previous one.
    public mutating func next(now: Date) -> Int64 {
        let milliseconds = max(0, Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) - Self.epochMilliseconds)
        let candidate = (milliseconds << 22) | (worker << 12)
        last = max(candidate, last + 1)
        return last
    }
}
