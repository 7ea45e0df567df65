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
    /// Attached photos must be this Page's unpublished photos, not yet attached elsewhere nor expired
    /// (``PagePhoto/isExpired(at:lifetime:)`` with `photoLifetime`), each once; a message the Page posted within
    /// the duplicate window is refused with code 506.
    func publish(_ draft: PagePostDraft, pageID: String, now: Date, photoLifetime: TimeInterval) -> Result<PagePost, GraphError> {
        for (index, id) in draft.attachedMedia.enumerated() {
            if let problem = attachmentProblem(id, pageID: pageID, now: now, lifetime: photoLifetime)
                ?? (draft.attachedMedia.prefix(index).contains(id) ? "it is attached twice" : nil) {
                return .failure(GraphError.unusableAttachment(id).withSandboxDetail(problem))
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

    /// Why photo `id` cannot be attached to a post of `pageID` at `now`, or nil when it can.
    private func attachmentProblem(_ id: String, pageID: String, now: Date, lifetime: TimeInterval) -> String? {
        guard let photo = photos[id] else { return "no photo has this id" }
        guard photo.pageID == pageID else { return "the photo belongs to another Page" }
        guard photo.postID == nil else { return "the photo is already in post \(photo.postID!)" }
        guard !photo.isExpired(at: now, lifetime: lifetime) else { return "the temporary photo expired unattached" }
        return nil
    }

    /// Stores a photo (its `caption` and `sniffed` fields are used as given); a published one gets its own post (`post_id`).
    func addPhoto(_ upload: PagePhoto, published: Bool, now: Date) -> (PagePhoto, PagePost?) {
        let photoID = String(Self.objectBase + nextNumber)
        nextNumber += 1
        var post: PagePost?
        if published {
            post = PagePost(id: nextID(upload.pageID), pageID: upload.pageID, message: upload.caption, createdAt: now, publishedAtCreation: true,
                            photoID: photoID)
            posts.append(post!)
        }
        var photo = upload
        photo.id = photoID
        photo.postID = post?.id
        photo.createdAt = now
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

    /// The photos with these ids, in the same order (those that exist).
    func photos(ids: [String]) -> [PagePhoto] {
        ids.compactMap { photos[$0] }
    }

    /// Post and photo numbers share one sequence, like Graph object ids.
    private static let objectBase: Int64 = 1_221_000_000_000_000

    private func nextID(_ pageID: String) -> String {
        defer { nextNumber += 1 }
        return "\(pageID)_\(Self.objectBase + nextNumber)"
    }
}
