import Foundation
import SchedulerCore
import SchedulerDomain

/// Who asks for a post: the control socket's operator (who may do anything the daemon can), or a person signed in to
/// the web app, with their role.
package struct PostAuthor: Sendable, Equatable {
    package var name: String
    package var role: WebRole

    package init(name: String, role: WebRole) { self.name = name; self.role = role }

    /// `schedctl`, over the control socket: only the daemon's own user and root reach it.
    package static let `operator` = PostAuthor(name: "schedctl", role: .owner)
}

/// `[web] require_approval`: a post an editor schedules waits in `awaiting_approval` until an owner approves it (it is
/// then scheduled at its time, and missed like any late post when that time is past its lateness limit) or rejects it
/// with a reason (it is cancelled, and the reason is its error). Both raise an event, so hooks tell the editor.
extension PostService {
    /// The longest reason a rejection keeps: a sentence or two, shown on the post and in the event.
    package static let maxReasonLength = 500

    /// Whether `author`'s post waits for an owner; a repeating post cannot wait (each occurrence is made as it comes),
    /// so an author whose posts need approval is told to ask an owner instead.
    package func awaitsApproval(_ request: SchedulePostRequest, author: PostAuthor) throws -> Bool {
        guard approvalRequired, author.role.needsApproval, request.draft != true, request.dryRun != true else { return false }
        if request.repeatRule != nil {
            throw RequestError.badRequest("a repeating post cannot wait for approval; save it as a draft, or ask an owner to schedule it")
        }
        return true
    }

    package func approve(id: Int64, by author: PostAuthor) async throws -> PostView {
        try mayApprove(author)
        var view = try await store.settleApproval(id: id, verdict: .approved, by: author.name, now: now())
        wake.signal()
        if let due = view.dueAt, due < now() {
            view.notes = ["Its time has passed: it goes out now if it is within its lateness limit, and is marked missed if not."]
        }
        return PostView(view)
    }

    package func reject(id: Int64, reason: String, by author: PostAuthor) async throws -> PostView {
        try mayApprove(author)
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw RequestError.badRequest("give a reason, so the person who wrote the post knows what to change") }
        guard reason.count <= Self.maxReasonLength else {
            throw RequestError.badRequest("the reason has \(reason.count) characters; keep it to \(Self.maxReasonLength)")
        }
        return PostView(try await store.settleApproval(id: id, verdict: .rejected(reason: reason), by: author.name, now: now()))
    }

    /// A post an owner approved stays as approved: someone whose posts need approval may change it while it waits (or
    /// is a draft), not after. They can cancel it and propose the change as a new post (duplicate, edit, schedule).
    package func mayEdit(_ post: PostRecord, author: PostAuthor) throws {
        try mayEdit(postID: post.id, states: post.deliveries.map(\.state), author: author)
    }

    /// The same rule for a post known by its id and its deliveries' states (a page holds the post's view, not its record).
    package func mayEdit(postID: Int64, states: [DeliveryState], author: PostAuthor) throws {
        guard approvalRequired, author.role.needsApproval, states.contains(where: { $0 == .scheduled || $0 == .retrying }) else { return }
        throw RequestError(.forbidden, "post \(postID) was approved as it is; only an owner changes it now. Duplicate it to propose a change")
    }

    private func mayApprove(_ author: PostAuthor) throws {
        guard author.role.may(.approvePosts) else {
            throw RequestError(.forbidden, "\(author.name) is \(author.role == .editor ? "an" : "a") \(author.role.rawValue); only an owner approves or rejects posts")
        }
    }
}
