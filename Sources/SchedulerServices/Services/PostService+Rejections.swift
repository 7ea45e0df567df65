import Foundation
import SchedulerCore
import SchedulerDomain

/// A rejected post stays in front of its author until they act on it: Today lists it with the owner's reason, and it
/// goes when they duplicate it to propose the change, or dismiss it. Nobody else's rejections are theirs to dismiss.
extension PostService {
    /// How many of a person's open rejections Today shows; more are a sign to look at the post list instead.
    package static let openRejectionsShown = 20

    /// `author`'s rejected posts they have not acted on, newest first; none for the operator, who writes no web post.
    package func openRejections(for author: PostAuthor) async throws -> [PostView] {
        guard author != .operator else { return [] }
        return try await store.openRejections(writtenBy: author.name, limit: Self.openRejectionsShown).map(PostView.init)
    }

    /// The author, or an owner, has seen rejected post `id` and will not propose it again.
    package func dismissRejection(id: Int64, by author: PostAuthor) async throws -> PostView {
        let post = try await store.post(id: id)
        guard post.rejectionOpen == true else { throw RequestError(.conflict, "post \(id) has no rejection waiting to be seen") }
        guard post.writtenBy == author.name || author.role.may(.approvePosts) else {
            throw RequestError(.forbidden, "post \(id) was written by \(post.writtenBy ?? "someone else"); its rejection is theirs to dismiss")
        }
        try await store.closeRejection(id: id)
        var view = try await store.post(id: id)
        view.notes = ["The rejection of post \(id) is dismissed."]
        return PostView(view)
    }

    /// A copy as a draft, to change and propose again: a rejected post its author copies is acted on.
    package func duplicate(id: Int64, by author: PostAuthor) async throws -> PostView {
        let source = try await store.post(id: id)
        let copy = try await duplicate(id: id)
        if source.rejectionOpen == true, source.writtenBy == author.name { try await store.closeRejection(id: id) }
        return copy
    }
}
