#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every sandbox Page's posts and photos, with Graph's duplicate-message check.
///
/// An actor so the duplicate check and the new post happen in one step: two concurrent retries of
/// the same post must not both get through.
actor PageTimeline {
    private var posts: [PagePost] = []
    private var photos: [String: PagePhoto] = [:]
    private var duplicates: DuplicateContentLedger
    private var nextNumber: Int64 = 1

    /// How long Graph remembers a Page's message for the duplicate check (Graph does not say; an hour here).
    static let duplicateWindow: TimeInterval = 3_600

    init(duplicateWindow: TimeInterval = PageTimeline.duplicateWindow) {
        duplicates = DuplicateContentLedger(window: duplicateWindow)
    }

    /// Publishes (or schedules, or stores unpublished) a feed post on `pageID`.
    ///
    /// Attached photos must be this Page's unpublished photos, not yet attached elsewhere; a message the
    /// Page posted within the duplicate window is refused with code 506.
    func publish(_ draft: PagePostDraft, pageID: String, now: Date) -> Result<PagePost, GraphError> {
        for id in draft.attachedMedia {
            guard let photo = photos[id], photo.pageID == pageID, photo.postID == nil else {
                return .failure(.invalidParameter("(#100) media_fbid \(id) is not an unpublished photo of this Page that is free to attach"))
            }
        }
        if let message = draft.message, duplicates.isDuplicate(userID: pageID, text: message, now: now) {
            return .failure(.duplicateStatus)
        }
        if let message = draft.message { duplicates.record(userID: pageID, text: message, now: now) }
        let post = PagePost(
            id: nextID(pageID), pageID: pageID, message: draft.message, link: draft.link, createdAt: now,
            publishedAtCreation: draft.published, scheduledAt: draft.scheduledAt, attachedMedia: draft.attachedMedia
        )
        for id in draft.attachedMedia { photos[id]?.postID = post.id }
        posts.append(post)
        return .success(post)
    }

    /// Stores a photo; a published one gets its own post (`post_id`).
    func addPhoto(pageID: String, caption: String?, published: Bool, sniffed: SniffedMedia, now: Date) -> (PagePhoto, PagePost?) {
        let photoID = String(Self.objectBase + nextNumber)
        nextNumber += 1
        var post: PagePost?
        if published {
            post = PagePost(id: nextID(pageID), pageID: pageID, message: caption, createdAt: now, publishedAtCreation: true, photoID: photoID)
            posts.append(post!)
        }
        let photo = PagePhoto(id: photoID, pageID: pageID, caption: caption, postID: post?.id, createdAt: now, sniffed: sniffed)
        photos[photoID] = photo
        return (photo, post)
    }

    /// The Page's visible posts, newest first (`GET /{page-id}/feed`).
    func feed(pageID: String, now: Date) -> [PagePost] {
        posts.filter { $0.pageID == pageID && $0.isVisible(at: now) }.reversed()
    }

    /// The Page's scheduled posts that are not yet due (`GET /{page-id}/scheduled_posts`).
    func scheduled(pageID: String, now: Date) -> [PagePost] {
        posts.filter { $0.pageID == pageID && $0.scheduledAt.map { now < $0 } == true }.reversed()
    }

    func post(id: String) -> PagePost? {
        posts.first { $0.id == id }
    }

    func photo(id: String) -> PagePhoto? {
        photos[id]
    }

    /// Post and photo numbers share one sequence, like Graph object ids.
    private static let objectBase: Int64 = 1_221_000_000_000_000

    private func nextID(_ pageID: String) -> String {
        defer { nextNumber += 1 }
        return "\(pageID)_\(Self.objectBase + nextNumber)"
    }
}
