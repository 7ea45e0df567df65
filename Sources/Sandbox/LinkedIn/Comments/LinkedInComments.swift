#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sandbox LinkedIn's comments, per post, in the order they were made.
///
/// No duplicate rule: the Comments API documents none, so the same words twice make two comments. That is
/// why a client unsure whether its comment went out must look before sending again.
actor LinkedInComments {
    private var byPost: [String: [LinkedInComment]] = [:]
    private var next: Int64 = 7_300_000_000_000_000_001

    /// Adds a comment by `actor` (made with `memberID`'s token) under `post`.
    func add(_ draft: LinkedInCommentDraft, post: String, memberID: String, now: Date) -> LinkedInComment {
        let comment = LinkedInComment(id: String(next), post: post, actor: draft.actor, createdBy: memberID, createdAt: now, text: draft.text)
        next += 1
        byPost[post, default: []].append(comment)
        return comment
    }

    /// The comments under `post`, oldest first.
    func comments(on post: String) -> [LinkedInComment] {
        byPost[post] ?? []
    }
}
