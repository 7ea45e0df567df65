#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Content Publishing's carousel rules: a `CAROUSEL` container lists 2 to 10 item containers of the same account,
/// each made with `is_carousel_item=true`, processed (`FINISHED`), not expired, and not already in a carousel.
extension InstagramPublisher {
    /// The most and fewest children a carousel takes.
    static let carouselChildren = 2...10

    /// Checks `childIDs` and, when they pass, stores the carousel container and marks each child as taken, in one step.
    func createCarousel(igUserID: String, childIDs: [String], caption: String?, now: Date) -> Result<InstagramContainer, GraphError> {
        guard Self.carouselChildren.contains(childIDs.count) else { return .failure(.carouselSize(childIDs.count)) }
        for (index, id) in childIDs.enumerated() {
            if let problem = childProblem(id, igUserID: igUserID, now: now) { return .failure(problem) }
            if childIDs.prefix(index).contains(id) { return .failure(.unusableCarouselChild(id, "it is listed twice")) }
        }
        let first = containers[childIDs[0]]!
        let carousel = add(InstagramContainer(id: "", igUserID: igUserID, imageURL: "", caption: caption, createdAt: now, sniffed: first.sniffed,
                                              children: childIDs))
        for id in childIDs { containers[id]?.carouselID = carousel.id }
        return .success(carousel)
    }

    /// The containers with these ids, in the same order (those that exist).
    func containers(ids: [String]) -> [InstagramContainer] {
        ids.compactMap { containers[$0] }
    }

    /// Why container `id` cannot be a child of a new carousel of `igUserID`, or nil when it can.
    private func childProblem(_ id: String, igUserID: String, now: Date) -> GraphError? {
        guard let child = containers[id], child.igUserID == igUserID else { return .containerNotFound(id) }
        guard child.isCarouselItem else { return .unusableCarouselChild(id, "it was not made with is_carousel_item=true") }
        guard child.carouselID == nil else { return .unusableCarouselChild(id, "it is already in carousel \(child.carouselID!)") }
        switch child.statusCode(at: now) {
        case "FINISHED": return nil
        case "EXPIRED": return .containerExpired
        default: return .containerNotReady(alreadyPublished: false)
        }
    }
}
