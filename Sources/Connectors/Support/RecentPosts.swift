import Foundation
import SchedulerCore

/// Matching a post against a network's list of recent posts: the same text, whitespace-trimmed.
enum RecentPosts {
    static func matches(_ candidate: String?, _ text: String) -> Bool {
        guard let candidate else { return false }
        return candidate.trimmingCharacters(in: .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
