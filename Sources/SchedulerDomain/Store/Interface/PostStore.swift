import Foundation
import NetworkRules
import SchedulerCore

/// Posts as people schedule, change and look at them, and what they ask of deliveries that went wrong.
package protocol PostStore: ApprovalStore {
    /// Stores a post and one delivery per target in one transaction; returns it as the API shows it.
    func insertPost(_ post: NewPost, now: Date) async throws -> PostRecord
    /// Stores every post and repeating post in one transaction (an import): all of them or none; returns their
    /// (first occurrences') ids in order.
    func insertBatch(_ items: [NewBatchItem], now: Date) async throws -> [Int64]
    func post(id: Int64) async throws -> PostRecord
    /// Posts due in `from..<to` (to one account when given), earliest first, at most `limit`: a calendar's.
    func postsDue(from: Date, to: Date, accountID: Int64?, limit: Int) async throws -> [PostRecord]
    /// For each of `days` (a calendar's), how many posts are due in it, counted up to `countUpTo` and no further, and
    /// its first `first` posts (to one account when given): in one read, with one read of all their deliveries.
    func postsByDay(_ days: [DateInterval], first: Int, countUpTo: Int, accountID: Int64?) async throws -> [DayOfPosts]
    /// Posts with at least one delivery in `filter` (to one account when given), in ``ListOrder``: `limit` of them,
    /// from just after `after` (from the first when nil), skipping `offset` more.
    func listPosts(filter: StateFilter, accountID: Int64?, after: ListPosition?, offset: Int, limit: Int) async throws -> PostPage
    /// How many posts `listPosts` would list in all: read from the same indexes, for the one answer that needs it (a
    /// page past the end says how many pages there are), never for a page.
    func countPosts(filter: StateFilter, accountID: Int64?) async throws -> Int
    /// For each probe, a post other than its `excluding` to its account whose text for it is its text (surrounding
    /// whitespace aside), due in its window, waiting, going out or out; in one read, each probe one look in the
    /// text-key index (``SameTextKey``), never a scan.
    func sameText(_ probes: [SameTextProbe]) async throws -> [SameTextPost?]
    /// Changes text, time or lateness while every delivery is still waiting for its first attempt.
    func editPost(id: Int64, change: PostChange, now: Date) async throws -> PostRecord
    /// Gives a draft its time: its deliveries become `scheduled`. Anything but a draft is a conflict. `queued`:
    /// the time is a posting slot, free as for ``NewPost/queued``. `media`, when given, replaces the draft's files in
    /// the same transaction (a PNG converted for an Instagram account).
    func scheduleDraft(id: Int64, time: ScheduleTime, queued: Bool, media: [MediaItem]?, now: Date) async throws -> PostRecord
    /// A new draft with the post's text, media, accounts and per-account texts, whatever became of the post.
    func duplicatePost(id: Int64, now: Date) async throws -> PostRecord
    /// Cancels every delivery of the post that has not finished; one being published right now cannot be stopped.
    func cancelPost(id: Int64, now: Date) async throws -> PostRecord
    /// Sends deliveries of one post again, each `failed`, `missed` or `expired` (or `unknown`, with `force`; see
    /// ``RecoveryRules``), with a fresh lateness window, in one transaction: all of them, or none when one may not be.
    func retryDeliveries(ids: [Int64], force: Bool, now: Date) async throws -> PostRecord
    /// The person found the post on the network: the delivery becomes `published` with its URL.
    func resolveDelivery(id: Int64, publishedURL: String, now: Date) async throws -> PostRecord
    /// Every attempt at every delivery of a post, oldest first.
    func history(postID: Int64) async throws -> HistoryRecord
    /// Pauses everything, one account, or one network; resuming with neither lifts every pause.
    func pause(account reference: String?, network: Network?, paused: Bool, now: Date) async throws -> PauseRecord
    /// What `schedctl status` shows about the stored state; `now` decides which tokens count as expiring soon.
    func summary(now: Date) async throws -> StoreSummary
    /// For each range (a day), its first `first` posts still to go out (a delivery scheduled, retrying or publishing),
    /// earliest first, with the networks still to go (in the order the post names them), and how many such posts it holds counted up to `countUpTo` + 1:
    /// a walk of `post_by_due` that stops early, whatever the number of posts.
    func upcoming(in ranges: [DateInterval], first: Int, countUpTo limit: Int) async throws -> [UpcomingDay]
    /// Handed-off deliveries waiting for the person, as `handoff list` shows them.
    func handoffs() async throws -> [HandoffRecord]
    /// The person published it by hand: the delivery becomes `published`, with the permalink when given.
    func confirmHandoff(deliveryID: Int64, url: String?, now: Date) async throws -> PostRecord
    /// Raises an `api_version` event for each warning the first time it is seen, not at every restart.
    func noteAPIVersionWarnings(_ warnings: [(network: Network, message: String)], now: Date) async throws
}

extension PostStore {
    package func insertPost(_ post: NewPost) async throws -> PostRecord { try await insertPost(post, now: Date()) }

    package func listPosts(filter: StateFilter, limit: Int, offset: Int) async throws -> [PostRecord] {
        try await listPosts(filter: filter, accountID: nil, limit: limit, offset: offset)
    }

    package func listPosts(filter: StateFilter, accountID: Int64?, limit: Int, offset: Int) async throws -> [PostRecord] {
        try await listPosts(filter: filter, accountID: accountID, after: nil, offset: offset, limit: limit).posts
    }

    package func editPost(id: Int64, change: PostChange) async throws -> PostRecord { try await editPost(id: id, change: change, now: Date()) }
    package func cancelPost(id: Int64) async throws -> PostRecord { try await cancelPost(id: id, now: Date()) }
    package func scheduleDraft(id: Int64, time: ScheduleTime, queued: Bool = false) async throws -> PostRecord {
        try await scheduleDraft(id: id, time: time, queued: queued, media: nil, now: Date())
    }

    package func scheduleDraft(id: Int64, time: ScheduleTime, queued: Bool, now: Date) async throws -> PostRecord {
        try await scheduleDraft(id: id, time: time, queued: queued, media: nil, now: now)
    }
    package func duplicatePost(id: Int64) async throws -> PostRecord { try await duplicatePost(id: id, now: Date()) }
    package func retryDelivery(id: Int64, force: Bool) async throws -> PostRecord { try await retryDeliveries(ids: [id], force: force, now: Date()) }

    package func retryDelivery(id: Int64, force: Bool, now: Date) async throws -> PostRecord {
        try await retryDeliveries(ids: [id], force: force, now: now)
    }

    package func resolveDelivery(id: Int64, publishedURL: String) async throws -> PostRecord {
        try await resolveDelivery(id: id, publishedURL: publishedURL, now: Date())
    }

    package func pause(account reference: String?, network: Network? = nil, paused: Bool) async throws -> PauseRecord {
        try await pause(account: reference, network: network, paused: paused, now: Date())
    }

    package func summary() async throws -> StoreSummary { try await summary(now: Date()) }
    package func confirmHandoff(deliveryID: Int64, url: String?) async throws -> PostRecord { try await confirmHandoff(deliveryID: deliveryID, url: url, now: Date()) }

    package func noteAPIVersionWarnings(_ warnings: [(network: Network, message: String)]) async throws {
        try await noteAPIVersionWarnings(warnings, now: Date())
    }
}

/// One day of ``PostStore/postsByDay(_:first:countUpTo:accountID:)``: its first posts, and how many it has in all up to
/// the bound asked for.
package struct DayOfPosts: Sendable {
    package var posts: [PostRecord]
    package var count: Int

    /// Splits `posts`, the first posts of every day in order, into days of `sizes[i]` posts with `counts[i]` in all.
    package static func split(_ posts: [PostRecord], sizes: [Int], counts: [Int]) -> [DayOfPosts] {
        var start = 0
        return zip(sizes, counts).map { size, count in
            defer { start += size }
            return DayOfPosts(posts: Array(posts[start..<start + size]), count: count)
        }
    }
}
