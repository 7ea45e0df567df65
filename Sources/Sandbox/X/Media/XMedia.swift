#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One media upload on the sandbox X, from `initialize` (or a one-shot upload) to being attachable.
struct XMedia: Sendable {
    /// Where the upload stands.
    enum State: Sendable, Equatable {
        /// Chunked: segments are arriving; `finalize` has not been called.
        case uploading
        /// Finalized, being processed: `pending` after finalize, `in_progress` after one `STATUS` poll.
        case processing(polls: Int)
        /// Ready to attach to a post.
        case succeeded
        /// Processing failed; never attachable.
        case failed(String)
    }

    let id: String
    /// Users who may attach it: the uploader and any `additional_owners`.
    var owners: Set<String>
    let category: String
    let kind: XMediaKind
    /// The declared MIME type (chunked) or the detected one (one-shot).
    let mediaType: String
    /// `total_bytes` from `initialize`, or the file's size for a one-shot upload.
    let totalBytes: Int
    var state: State
    var expiresAt: Date
    /// Segments received so far, by `segment_index`; emptied at finalize.
    var segments: [Int: [UInt8]] = [:]
    /// What the sandbox read from the finished file.
    var sniffed: SniffedMedia?
    /// What `POST /2/media/metadata` set as its alt text.
    var altText: String?

    /// `3_<id>` for a photo, `16_<id>` for a GIF, `7_<id>` (or `13_`) for a video.
    var key: String { "\(XMediaCategory.keyPrefix(for: category))_\(id)" }

    /// Bytes received in segments so far.
    var receivedBytes: Int { segments.values.reduce(0) { $0 + $1.count } }
}
