import Foundation
import NetworkRules
import SchedulerCore

/// A post ready to be stored: validated, with its targets resolved.
public struct NewPost: Sendable {
    public var text: String
    /// Nil for a draft: its deliveries are `draft`, never due, until ``PostStore/scheduleDraft(id:time:queued:media:now:)``.
    public var time: ScheduleTime?
    /// A draft's zone, for showing it and for reading the wall-clock time it is later given.
    public var draftZone: String?
    public var latenessLimitSeconds: Int
    public var source: String
    public var targets: [Target]
    public var media: [MediaItem]
    /// Placed in a posting slot (`--next-slot`): no other queued post to one of its accounts may have the same time,
    /// and changing the slots moves it when its time is no longer one.
    public var queued = false
    /// An X thread's parts after the first (`text` and `media`), in order; empty for a post of one part.
    public var thread: [ThreadPart] = []
    /// Mastodon's visibility and content warning, and the text's language, for every account and part.
    public var options = PostOptions()
    /// Scheduled by a person whose posts wait for an owner (`[web] require_approval`): its deliveries start in
    /// `awaiting_approval`, with their time, and are never due until approved.
    public var awaitingApproval = false
    /// The web app's person who wrote it; nil from the control socket, the inbox and the importer.
    public var writtenBy: String?
    /// The run file from the inbox folder this post is made from: its row is marked `posted` in the same transaction.
    public var inboxFile: InboxFileClaim?

    public struct Target: Sendable {
        public var accountID: Int64
        public var textOverride: String?
        /// A comment made under the post once it is out (on X, a reply at the thread's end).
        public var firstComment: String?

        public init(accountID: Int64, textOverride: String? = nil, firstComment: String? = nil) {
            self.accountID = accountID
            self.textOverride = textOverride
            self.firstComment = firstComment
        }

        /// How many requests its delivery makes: the post, the thread's replies, the comment.
        func partCount(threadParts: Int) -> Int { 1 + threadParts + (firstComment == nil ? 0 : 1) }
    }

    public init(text: String, time: ScheduleTime?, draftZone: String? = nil, latenessLimitSeconds: Int, source: String = "typed",
                targets: [Target], media: [MediaItem] = []) {
        self.text = text; self.time = time; self.draftZone = draftZone; self.latenessLimitSeconds = latenessLimitSeconds
        self.source = source; self.targets = targets; self.media = media
    }
}

extension NewPost {
    /// What the `post` row holds for the time: the instant (0 for a draft), the zone, and the wall-clock reading
    /// (empty for a draft).
    var dueColumns: (instant: Int64, zone: String, local: String) {
        guard let time else { return (0, draftZone ?? "UTC", "") }
        return (time.instant.unixMilliseconds, time.zoneIdentifier, time.wallClock)
    }

    /// Every file of every part, in the order they are stored, with the part each belongs to (1: the post itself).
    var mediaByPart: [(part: Int, item: MediaItem)] {
        media.map { (1, $0) } + thread.enumerated().flatMap { index, part in part.media.map { (index + 2, $0) } }
    }

    /// The state its deliveries start in.
    var initialState: DeliveryState { time == nil ? .draft : awaitingApproval ? .awaitingApproval : .scheduled }
}

/// What `edit` changes; nil fields stay as they are.
public struct PostChange: Sendable {
    public var text: String?
    public var time: ScheduleTime?
    public var latenessLimitSeconds: Int?
    /// Per-account texts by account id (an empty text is a text, as at scheduling); only that delivery need be waiting.
    public var overrides: [Int64: String] = [:]
    /// Replaces every file of the post (not of a thread); `[]` removes them.
    public var media: [MediaItem]?
    /// New targets, waiting from the post's time; every delivery must still be waiting.
    public var addTargets: [NewPost.Target] = []
    /// Targets dropped; only their deliveries need be waiting (one with attempts on record is kept, as history).
    public var removeAccountIDs: [Int64] = []
    /// Mastodon's visibility and content warning and the language, as they are to be after the change.
    public var options: PostOptions?
    /// The first comment of every delivery; `""` removes it.
    public var firstComment: String?
    /// Failed, missed and expired deliveries go back to `scheduled` at the change's new time (``RecoveryRules/reschedulable``).
    public var reschedule = false
    /// The post's version the change was made from (``PostView/version``); nil, no precondition.
    public var expectedVersion: Int64?

    /// Changes that touch every delivery, so every one must still be waiting.
    var touchesEveryDelivery: Bool {
        text != nil || time != nil || latenessLimitSeconds != nil || media != nil || !addTargets.isEmpty || options != nil || firstComment != nil
    }
    /// The deliveries changed one by one.
    var touchedAccountIDs: Set<Int64> { Set(overrides.keys).union(removeAccountIDs) }

    public init(text: String? = nil, time: ScheduleTime? = nil, latenessLimitSeconds: Int? = nil) {
        self.text = text; self.time = time; self.latenessLimitSeconds = latenessLimitSeconds
    }
}
