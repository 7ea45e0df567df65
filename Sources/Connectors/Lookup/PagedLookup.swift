import Foundation
import SchedulerCore

/// Walks a network's newest-first list of an account's posts until the post is found, the list
/// ends, or the posts are older than `since`.
///
/// The engine reads nil as "definitely not published" and publishes again, so one page is never
/// enough: with more posts since `since` than a page holds, the post could be on a later page.
/// When the list is longer than ``pageLimit`` pages the lookup throws instead of guessing.
struct PagedLookup: Sendable {
    /// `X`, `Facebook`, … for messages.
    var network: String
    /// Posts older than this (less a minute of clock skew) are too old to be the one looked for.
    var since: Date
    /// The most pages read before giving up with a retryable error.
    var pageLimit = 32
    /// When an item was posted; nil when it has no readable time (then it never ends the walk).
    var time: @Sendable (JSONValue) -> Date?
    /// Whether an item is the post looked for, its time aside.
    var matches: @Sendable (JSONValue) -> Bool
    /// Whether the list is newest first, so the first item older than the cutoff ends the walk. A list whose order
    /// is not promised (Graph ranks comments when it can, whatever `order` asks) is read to its end instead,
    /// skipping items older than the cutoff.
    var newestFirst = true
    /// What the list holds, for messages: `posts`, `comments`.
    var noun = "posts"

    /// The clock skew allowed between this machine and the network.
    static let skew: TimeInterval = 60

    var cutoff: Date { since.addingTimeInterval(-Self.skew) }

    /// Reads pages with `fetch` (given nil for the first page, then each page's ``ListingPage/next``)
    /// and returns the first matching item no older than the cutoff, or nil once the list is exhausted.
    ///
    /// - Throws: whatever `fetch` throws; a `.retryable` ``ConnectorError`` after ``pageLimit`` pages.
    func find(_ fetch: (_ next: String?) async throws(ConnectorError) -> ListingPage) async throws(ConnectorError) -> JSONValue? {
        var next: String?
        for _ in 0..<pageLimit {
            let page = try await fetch(next)
            var reachedOlder = false
            for item in page.items {
                let posted = time(item)
                if let posted, posted < cutoff {
                    reachedOlder = newestFirst
                    continue
                }
                if matches(item) { return item }
            }
            guard !reachedOlder, let token = page.next else { return nil }
            next = token
        }
        throw ConnectorError(code: .retryable, message: "\(network) lists more than \(pageLimit) pages of \(noun) since \(RFC3339.format(since)); "
            + "it could not be looked up completely, so it is not assumed missing")
    }
}
