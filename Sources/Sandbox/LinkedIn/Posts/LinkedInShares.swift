#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// The sandbox LinkedIn's posts and images, the duplicate check and each member's daily quota.
///
/// An actor so the image checks, the duplicate check and the new post happen in one step.
actor LinkedInShares {
    private var posts: [LinkedInPost] = []
    private var images: [String: LinkedInImage] = [:]
    private var duplicates = DuplicateContentLedger()
    private var days: [String: (day: Int, count: Int)] = [:]
    private var nextShare: Int64 = 7_200_000_000_000_000_001
    let dailyLimit: Int

    init(dailyLimit: Int) {
        self.dailyLimit = dailyLimit
    }

    /// Uses one of `memberID`'s daily calls; `false` once the UTC day's quota is used up.
    func consumeDaily(memberID: String, now: Date) -> Bool {
        let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        var entry: (day: Int, count: Int) = days[memberID].flatMap { $0.day == day ? $0 : nil } ?? (day: day, count: 0)
        guard entry.count < dailyLimit else { return false }
        entry.count += 1
        days[memberID] = entry
        return true
    }

    /// Registers an image owned by `owner`, to be uploaded by `uploader`.
    func initializeImage(owner: String, uploader: String, now: Date) -> LinkedInImage {
        let image = LinkedInImage(
            urn: "urn:li:image:C4E10AQ" + SecureRandom.alphanumeric(12),
            owner: owner, uploader: uploader, uploadToken: SecureRandom.alphanumeric(32),
            uploadExpiresAt: now.addingTimeInterval(LinkedInImage.uploadLifetime)
        )
        images[image.urn] = image
        return image
    }

    /// Stores the bytes sent to an upload URL: `AVAILABLE` for a JPEG, PNG or GIF within the pixel
    /// limit, `PROCESSING_FAILED` otherwise (LinkedIn accepts the upload and fails later).
    func upload(token: String, memberID: String, bytes: [UInt8], now: Date) -> Result<LinkedInImage, LinkedInError> {
        guard var image = images.values.first(where: { $0.uploadToken == token }) else {
            return .failure(.notFound("No upload is waiting at this URL."))
        }
        guard image.uploader == memberID else { return .failure(.accessDenied("images.UPLOAD")) }
        guard now < image.uploadExpiresAt, image.status == .waitingUpload else {
            return .failure(.illegalArgument("This upload URL has expired or was already used."))
        }
        let sniffed = MediaSniffer.sniff(bytes)
        let usable = sniffed.map { [.jpeg, .png, .gif].contains($0.format) && ($0.width ?? 0) * ($0.height ?? 0) <= LinkedInImage.maximumPixels } ?? false
        image.sniffed = sniffed
        image.status = usable ? .available : .processingFailed
        images[image.urn] = image
        return .success(image)
    }

    func image(_ urn: String) -> LinkedInImage? {
        images[urn]
    }

    /// Creates a post by `memberID`: every image must be `AVAILABLE` and the author's; the same
    /// author may not post the same commentary again within a day.
    func create(_ draft: LinkedInPostDraft, memberID: String, now: Date) -> Result<LinkedInPost, LinkedInError> {
        for urn in draft.imageURNs {
            guard let image = images[urn], image.owner == draft.author else { return .failure(.imageNotAvailable(urn, status: "unknown to this author")) }
            guard image.status == .available else { return .failure(.imageNotAvailable(urn, status: image.status.rawValue)) }
        }
        if duplicates.isDuplicate(userID: draft.author, text: draft.commentary, now: now),
            let earlier = posts.last(where: { $0.author == draft.author && $0.body["commentary"]?.stringValue == draft.commentary }) {
            return .failure(.duplicate(of: earlier.urn))
        }
        duplicates.record(userID: draft.author, text: draft.commentary, now: now)
        let post = LinkedInPost(urn: "urn:li:share:\(nextShare)", author: draft.author, createdBy: memberID, createdAt: now, body: draft.body, imageURNs: draft.imageURNs)
        nextShare += 1
        posts.append(post)
        return .success(post)
    }

    /// `author`'s posts, newest first.
    func posts(author: String) -> [LinkedInPost] {
        posts.filter { $0.author == author }.reversed()
    }

    func post(_ urn: String) -> LinkedInPost? {
        posts.first { $0.urn == urn }
    }
}
