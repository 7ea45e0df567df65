import Foundation
import SchedulerCore

/// Matching a post against a network's list of recent posts: the same text once whitespace is
/// normalised (``normalisedForMatching(_:)``), since Graph and LinkedIn give text back with its
/// whitespace tidied (line breaks as `\n`, trailing spaces dropped, runs of spaces collapsed).
///
/// Only whitespace is forgiven: a post whose words, punctuation or case differ is a different post,
/// and taking it for ours would leave ours unpublished.
enum RecentPosts {
    static func matches(_ candidate: String?, _ text: String) -> Bool {
        guard let candidate else { return false }
        return normalisedForMatching(candidate) == normalisedForMatching(text)
    }

    /// `text` in the form two copies of one post share whatever a network did to its whitespace:
    /// Unicode-composed (NFC, as X and Graph store text), every run of whitespace (spaces, tabs, any
    /// line break) as one space, and nothing before the first word or after the last.
    static func normalisedForMatching(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text.precomposedStringWithCanonicalMapping {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
