#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The carousel and reply rules, checked where the containers are, so the check and the change are one step.
extension ThreadsPublisher {
    /// Checks a carousel's children and, when they pass, stores the carousel container and marks each child as taken.
    ///
    /// 2 to 20 children (docs/research/threads.md §2), each this person's, made with `is_carousel_item=true`, `FINISHED`
    /// (the stricter reading: the reference only advises polling each child first), in no other carousel, listed once.
    func createCarousel(_ carousel: ThreadsContainer, now: Date) -> Result<ThreadsContainer, ThreadsError> {
        let childIDs = carousel.children
        guard limits.carouselChildren.contains(childIDs.count) else {
            return .failure(.carouselSize(childIDs.count, allowed: limits.carouselChildren))
        }
        for (index, id) in childIDs.enumerated() {
            if childIDs.prefix(index).contains(id) { return .failure(.unusableCarouselChild(id, "it is listed twice")) }
            if let why = childProblem(id, userID: carousel.userID, now: now) { return .failure(.unusableCarouselChild(id, why)) }
        }
        let stored = add(carousel, now: now)
        for id in childIDs { containers[id]?.carouselID = stored.id }
        return .success(stored)
    }

    /// Why container `id` cannot go into a new carousel of `userID`, or nil when it can.
    private func childProblem(_ id: String, userID: String, now: Date) -> String? {
        guard let child = containers[id], child.userID == userID else { return "no container of yours has this id" }
        guard child.isCarouselItem else { return "it was not made with is_carousel_item=true" }
        if let taken = child.carouselID { return "it is already in carousel \(taken)" }
        let status = child.status(at: now)
        return status == "FINISHED" ? nil : "its status is \(status), not FINISHED"
    }

    /// The root of the thread a reply to `id` joins, or why `userID` may not reply to it.
    ///
    /// A reply needs a published post (or reply) whose root post is the replier's own, unless the app holds
    /// `threads_keyword_search` or `threads_manage_mentions` (§9).
    func replyRoot(to id: String, userID: String, mayReplyAnywhere: Bool) -> Result<String, ThreadsError> {
        guard let target = posts.first(where: { $0.id == id }) else {
            let why = containers[id] != nil ? "it is a container id; reply to the published post's id" : "no published post has this id"
            return .failure(.invalidReplyTarget(id, why))
        }
        let rootID = target.rootID ?? target.id
        guard let root = posts.first(where: { $0.id == rootID }) else { return .failure(.invalidReplyTarget(id, "its thread is gone")) }
        guard root.userID == userID || mayReplyAnywhere else {
            return .failure(.invalidReplyTarget(id, "its root post is someone else's, and the app holds neither threads_keyword_search nor threads_manage_mentions"))
        }
        return .success(rootID)
    }
}
