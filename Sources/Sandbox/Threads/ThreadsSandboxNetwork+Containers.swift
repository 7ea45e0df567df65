#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension ThreadsSandboxNetwork {
    /// The largest image Threads takes (8 MB) and the largest video (1 GB), per the media specifications.
    static let maximumImageBytes = 8 * 1024 * 1024
    static let maximumVideoBytes = 1024 * 1024 * 1024

    /// `POST /v1.0/{user-id}/threads` (or `/me/threads`) → `{"id": container}`, checked by ``ThreadsContainerDraft``; needs
    /// `threads_basic` and `threads_content_publish`, and `threads_manage_replies` for a reply.
    ///
    /// An image or video is fetched from its URL now, as Threads fetches it "at the time of the attempt"; what fails
    /// (unreachable, not JPEG/PNG or MP4/MOV, too large, an aspect ratio past 10:1) shows as `ERROR` with an
    /// `error_message` once processing ends, not as a refusal. A carousel's children must be `FINISHED` already.
    /// Recorded as `kind: "media"`, without `reply_to`: only the published reply carries it, so replies count once.
    func createContainer(_ request: Request, nodeID: String) async -> Response {
        await threadsCall(request, nodeID: nodeID, scopes: ["threads_basic", "threads_content_publish"]) { call in
            guard call.isOwnProfile else { return .failure(.unsupportedPost(call.nodeID)) }
            var container: ThreadsContainer
            switch ThreadsContainerDraft.parse(call.parameters, userID: call.user.id, now: call.now) {
            case .failure(let error): return .failure(error)
            case .success(let draft): container = draft
            }
            if let replyTo = container.replyTo {
                if let missing = call.require(["threads_manage_replies"]) { return .failure(missing) }
                let anywhere = !ThreadsOAuth.replyAnywhereScopes.isDisjoint(with: call.info.scopes)
                switch await publisher.replyRoot(to: replyTo, userID: call.user.id, mayReplyAnywhere: anywhere) {
                case .failure(let error): return .failure(error)
                case .success(let root): container.rootID = root
                }
            }
            if container.kind == .carousel { return await storeCarousel(container, call: call) }
            if let url = container.mediaURL { await fetchMedia(url, into: &container) }
            let stored = await publisher.add(container, now: call.now)
            await record(call, kind: "media", remoteID: stored.id, text: stored.text, media: [stored.id], fetched: stored.fetched?.descriptor,
                         images: stored.kind == .image ? [stored.receivedImage] : nil)
            return .success(.object(["id": .string(stored.id)]))
        }
    }

    /// Stores a carousel whose children pass ``ThreadsPublisher/createCarousel(_:now:)``, recorded with each child's image.
    private func storeCarousel(_ container: ThreadsContainer, call: ThreadsCall) async -> Result<JSONValue, ThreadsError> {
        switch await publisher.createCarousel(container, now: call.now) {
        case .failure(let error):
            return .failure(error)
        case .success(let carousel):
            let children = await publisher.containers(ids: carousel.children)
            await record(call, kind: "media", remoteID: carousel.id, text: carousel.text, media: carousel.children,
                         images: children.map(\.receivedImage))
            return .success(.object(["id": .string(carousel.id)]))
        }
    }

    /// Downloads the container's media and notes what it found, or why processing will fail (`error_message`).
    private func fetchMedia(_ url: String, into container: inout ThreadsContainer) async {
        let isImage = container.kind == .image
        let noun = isImage ? "IMAGE" : "VIDEO"
        let file: UploadedFile
        switch await environment.fetcher.fetch(url, limit: isImage ? Self.maximumImageBytes : Self.maximumVideoBytes) {
        case .fetched(let contentType, let bytes): file = UploadedFile(contentType: contentType, bytes: bytes)
        case .tooLarge: container.failure = "FAILED_PROCESSING_\(noun)"; return
        case .failed: container.failure = "FAILED_DOWNLOADING_\(noun)"; return
        }
        let sniffed = MediaSniffer.sniff(file.bytes)
        container.fetched = .init(sha256: file.sha256, sniffed: sniffed, descriptor: file.fetchedDescriptor(url: url, sniffed: sniffed))
        container.failure = Self.mediaProblem(sniffed, isImage: isImage)
    }

    /// The `error_message` for media Threads cannot use: not JPEG/PNG (images) or MP4/MOV (videos), no readable size,
    /// or an image's aspect ratio beyond 10:1 either way; nil when it can.
    static func mediaProblem(_ sniffed: SniffedMedia?, isImage: Bool) -> String? {
        guard let sniffed else { return isImage ? "FAILED_PROCESSING_IMAGE" : "FAILED_PROCESSING_VIDEO" }
        guard isImage else { return sniffed.format.isVideo ? nil : "FAILED_PROCESSING_VIDEO" }
        guard sniffed.format == .jpeg || sniffed.format == .png, sniffed.width != nil else { return "FAILED_PROCESSING_IMAGE" }
        return sniffed.aspectRatio(isWithin: (1, 10), (10, 1)) ? nil : "INVALID_ASPEC_RATIO"
    }
}
