import SchedulerCore

/// A place in `list`'s order (newest due time first, then the newest post): a page starts just after it. Paging by
/// this key reads each page from an index at the key, so page 1,000 costs what the first does.
public struct ListPosition: Sendable, Hashable {
    /// The post's due time in Unix milliseconds; 0 for a draft, which has none and comes last.
    public var dueAt: Int64
    public var postID: Int64

    public init(dueAt: Int64, postID: Int64) {
        self.dueAt = dueAt
        self.postID = postID
    }
}

/// One page of `list`, and where the next one starts when there is more.
public struct PostPage: Sendable {
    public var posts: [PostView]
    /// The last post of this page when another page follows it; nil on the last page.
    public var next: ListPosition?

    public init(posts: [PostView], next: ListPosition?) {
        self.posts = posts
        self.next = next
    }
}
