#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A comment under a Page post or an Instagram media, made by the Page or the Instagram account through Graph.
struct GraphComment: Sendable, Equatable {
    /// `{post-number}_{comment-number}` on Facebook (Graph's `{pagepost-id}_{comment-id}`), a plain number on Instagram.
    var id: String
    /// The post or media it is under.
    var parentID: String
    /// `facebook` or `instagram`.
    var network: String
    /// The Page id or the IG user id.
    var authorID: String
    /// The Page's name or the Instagram username.
    var authorName: String
    var message: String
    var createdAt: Date
}

/// Graph's `order` for a comments edge: `chronological` (oldest first) or `reverse_chronological` (newest first).
enum GraphCommentOrder: String, Sendable {
    case chronological
    case reverseChronological = "reverse_chronological"
}
