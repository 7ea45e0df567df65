import Foundation
import SchedulerCore
import SchedulerDomain

extension PostService {
    /// One page of `list`, where the next starts, and, for a page counted off past the end, how many posts there are.
    package struct Listing: Sendable {
        package var posts: [PostView]
        package var next: ListPosition?
        /// Only on an empty page reached by `offset`: the client says how many pages there are.
        package var total: Int?
    }

    /// Posts with a delivery in `filter` (to `account` when given) in ``ListOrder``: `limit` of them from just after
    /// `after`, skipping `offset` more.
    package func list(filter: StateFilter, account: String?, after: ListPosition?, offset: Int, limit: Int) async throws -> Listing {
        var accountID: Int64?
        if let account { accountID = try await store.account(reference: account).id }
        let page = try await store.listPosts(filter: filter, accountID: accountID, after: after, offset: offset, limit: limit)
        var listing = Listing(posts: page.posts.map(PostView.init), next: page.next)
        if page.posts.isEmpty, offset > 0, after == nil {
            listing.total = try await store.countPosts(filter: filter, accountID: accountID)
        }
        return listing
    }

    package func post(id: Int64) async throws -> PostView { PostView(try await store.post(id: id)) }
}
