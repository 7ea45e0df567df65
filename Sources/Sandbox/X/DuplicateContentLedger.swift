#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Remembers what each user posted recently, so a repeat is refused as X refuses it.
///
/// X answers 403 "duplicate content" when the same account posts the same text again within about
/// a day; that refusal is what protects people from a retried publish appearing twice, so the
/// sandbox must reproduce it. Media-only posts (empty text) are never duplicates.
public struct DuplicateContentLedger: Sendable {
    private struct Key: Hashable, Sendable {
        var userID: String
        var text: String
    }

    /// How long a text counts as recent, in seconds.
    public let window: TimeInterval
    private var postedAt: [Key: Date] = [:]

    public init(window: TimeInterval = 24 * 60 * 60) {
        self.window = window
    }

    /// Whether `userID` posted `text` (compared in NFC) within the window before `now`.
    public func isDuplicate(userID: String, text: String, now: Date) -> Bool {
        guard !text.isEmpty, let at = postedAt[Key(userID: userID, text: TweetValidator.normalized(text))] else {
            return false
        }
        return now.timeIntervalSince(at) < window
    }

    /// Remembers that `userID` posted `text` at `now`, forgetting posts older than the window.
    public mutating func record(userID: String, text: String, now: Date) {
        guard !text.isEmpty else { return }
        postedAt = postedAt.filter { now.timeIntervalSince($0.value) < window }
        postedAt[Key(userID: userID, text: TweetValidator.normalized(text))] = now
    }
}
