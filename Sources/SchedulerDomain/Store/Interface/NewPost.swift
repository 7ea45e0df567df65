import Foundation
import NetworkRules
import SchedulerCore

/// A post ready to be stored: validated, with its targets resolved.
package struct NewPost: Sendable {
    package var text: String
    /// Nil for a draft: its deliveries are `draft`, never due, until ``PostStore/scheduleDraft(id:time:queued:media:now:)``.
    package var time: ScheduleTime?
    /// A draft's zone, for showing it and for reading the wall-clock time it is later given.
    package var draftZone: String?
    package var latenessLimitSeconds: Int
    package var source: String
    package var targets: [Target]
    package var media: [MediaItem]
    /// Placed in a posting slot (`--next-slot`): no other queued post to one of its accounts may have the same time,
    /// and changing the slots moves it when its time is no longer one.
    package var queued = false
    /// An X thread's parts after the first (`text` and `media`), in order; empty for a post of one part.
    package var thread: [ThreadPart] = []
    /// Mastodon's visibility and content warning, and the text's language, for every account and part.
    package var options = PostOptions()
    /// Scheduled by a person whose posts wait for an owner (`[web] require_approval`): its deliveries start in
    /// `awaiting_approval`, with their time, and are never due until approved.
    package var awaitingApproval = false
    /// The web app's person who wrote it; nil from the control socket, the inbox and the importer.
    package var writtenBy: String?
    /// The run file from the inbox folder this post is made from: its row is marked `posted` in the same transaction.
    package var inboxFile: InboxFileClaim?

    package struct Target: Sendable {
        package var accountID: Int64
        package var textOverride: String?
        /// A comment made under the post once it is out (on X, a reply at the thread's end).
        package var firstComment: String?

        package init(accountID: Int64, textOverride: String? = nil, firstComment: String? = nil) {
            self.accountID = accountID
            self.textOverride = textOverride
            self.firstComment = firstComment
        }

        /// How many requests its delivery makes: the post, the thread's replies, the comment.
        package func partCount(threadParts: Int) -> Int { 1 + threadParts + (firstComment == nil ? 0 : 1) }
    }

    package init(text: String, time: ScheduleTime?, draftZone: String? = nil, latenessLimitSeconds: Int, source: String = "typed",
                targets: [Target], media: [MediaItem] = []) {
        self.text = text; self.time = time; self.draftZone = draftZone; self.latenessLimitSeconds = latenessLimitSeconds
        self.source = source; self.targets = targets; self.media = media
    }
}

extension NewPost {
    /// What the `post` row holds for the time: the instant (0 for a draft), the zone, and the wall-clock reading
    /// (empty for a draft).
    package var dueColumns: (instant: Int64, zone: String, local: String) {
        guard let time else { return (0, draftZone ?? "UTC", "") }
        return (time.instant.unixMilliseconds, time.zoneIdentifier, time.wallClock)
    }

    /// Every file of every part, in the order they are stored, with the part each belongs to (1: the post itself).
    package var mediaByPart: [(part: Int, item: MediaItem)] {
        media.map { (1, $0) } + thread.enumerated().flatMap { index, part in part.media.map { (index + 2, $0) } }
    }

    /// The state its deliveries start in.
    package var initialState: DeliveryState { time == nil ? .draft : awaitingApproval ? .awaitingApproval : .scheduled }
}

/// What `edit` changes; nil fields stay as they are.
package struct PostChange: Sendable {
    package var text: String?
    package var time: ScheduleTime?
    package var latenessLimitSeconds: Int?
    /// Per-account texts by account id (an empty text is a text, as at scheduling); only that delivery need be waiting.
    package var overrides: [Int64: String] = [:]
    /// Replaces every file of the post (not of a thread); `[]` removes them.
    package var media: [MediaItem]?
    /// New targets, waiting from the post's time; every delivery must still be waiting.
    package var addTargets: [NewPost.Target] = []
    /// Targets dropped; only their deliveries need be waiting (one with attempts on record is kept, as history).
    package var removeAccountIDs: [Int64] = []
    /// Mastodon's visibility and content warning and the language, as they are to be after the change.
    package var options: PostOptions?
    /// The first comment of every delivery; `""` removes it.
    package var firstComment: String?
    /// Failed, missed and expired deliveries go back to `scheduled` at the change's new time (``RecoveryRules/reschedulable``).
    package var reschedule = false
    /// The post's version the change was made from (``PostRecord/version``); nil, no precondition.
    package var expectedVersion: Int64?

    /// Changes that touch every delivery, so every one must still be waiting.
    package var touchesEveryDelivery: Bool {
        text != nil || time != nil || latenessLimitSeconds != nil || media != nil || !addTargets.isEmpty || options != nil || firstComment != nil
    }
    /// The deliveries changed one by one.
    package var touchedAccountIDs: Set<Int64> { Set(overrides.keys).union(removeAccountIDs) }

    package init(text: String? = nil, time: ScheduleTime? = nil, latenessLimitSeconds: Int? = nil) {
        self.text = text; self.time = time; self.latenessLimitSeconds = latenessLimitSeconds
    }
}
