import SchedulerCore

/// A place in `list`'s order (see ``ListOrder``): a page starts just after it. Paging by this key reads each page from
/// an index at the key, so page 1,000 costs what the first does.
package struct ListPosition: Sendable, Hashable {
    /// The post's due time in Unix milliseconds; 0 for a draft, which has none and comes last.
    package var dueAt: Int64
    package var postID: Int64

    package init(dueAt: Int64, postID: Int64) {
        self.dueAt = dueAt
        self.postID = postID
    }
}

/// One page of `list`, and where the next one starts when there is more.
package struct PostPage: Sendable {
    package var posts: [PostRecord]
    /// The last post of this page when another page follows it; nil on the last page.
    package var next: ListPosition?

    package init(posts: [PostRecord], next: ListPosition?) {
        self.posts = posts
        self.next = next
    }
}

/// The order `list` reads posts in, which follows the filter: posts that wait (scheduled, publishing, retrying) in the
/// order they go out, the next due first, as a person planning reads them; anything else (published, failed, drafts,
/// all) newest due time first, as a log is read. Ties go to the post made first, or last when newest first. Both are
/// one index read in one direction or the other.
package enum ListOrder: Sendable, Equatable {
    case nextDueFirst
    case newestFirst

    package init(_ filter: StateFilter) {
        if case .states(let states) = filter, !states.isEmpty, states.isSubset(of: [.scheduled, .publishing, .retrying]) {
            self = .nextDueFirst
        } else {
            self = .newestFirst
        }
    }

    /// `ASC` or `DESC`.
    package var sql: String { self == .nextDueFirst ? "ASC" : "DESC" }
    /// How the keys after a cursor compare with it: `>` or `<`.
    package var after: String { self == .nextDueFirst ? ">" : "<" }
}
