#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// Graph's time format: `2025-01-31T07:30:00+0000` (`created_time`, Instagram's `timestamp`).
enum GraphTimestamp {
    static func format(_ date: Date) -> String {
        String(SandboxTimestamp.rfc3339(date).prefix(19)) + "+0000"
    }

    /// A Unix time in seconds, or an RFC 3339 / ISO 8601 instant, as Graph accepts for `scheduled_publish_time`.
    static func parse(_ text: String) -> Date? {
        if let seconds = Int64(text) { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        var normalized = text
        if normalized.hasSuffix("+0000") { normalized = String(normalized.dropLast(5)) + "Z" }
        return RFC3339.parse(normalized)
    }
}
