import Foundation
import SchedulerCore

/// Matching a post against a network's list of recent posts: same text (whitespace-trimmed), no older than `since`.
enum RecentPosts {
    static func matches(_ candidate: String?, _ text: String) -> Bool {
        guard let candidate else { return false }
        return candidate.trimmingCharacters(in: .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The post's time, when the network gave one, is not before `since` (a minute's clock skew allowed).
    static func isRecent(_ time: JSONValue?, since: Date) -> Bool {
        guard let text = time?.stringValue else { return true }
        let normalised = text.replacingOccurrences(of: "+0000", with: "Z")
        guard let date = RFC3339.parse(normalised) else { return true }
        return date >= since.addingTimeInterval(-60)
    }
}
