#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sandbox X's uploaded media: one-shot uploads, chunked upload sessions, processing, expiry.
///
/// An actor so an upload's segments, its state and the rate-limit slot change in one step each.
/// Processing advances per `STATUS` poll, not with time, so a client that polls two or three times
/// sees `succeeded` without the test sleeping.
actor XMediaLibrary {
    private var items: [String: XMedia] = [:]
    private var ids = SnowflakeGenerator(worker: 2)
    private var rateLimiter: FixedWindowRateLimiter

    /// How long an upload may wait to be attached: `expires_after_secs`.
    static let lifetime = 86_400
    /// How many `STATUS` polls processing takes: pending → in_progress → succeeded.
    static let pollsToSucceed = 2

    init(rateLimiter: FixedWindowRateLimiter = .init(limit: 500, window: 15 * 60)) {
        self.rateLimiter = rateLimiter
    }

    /// Uses one media-endpoint slot for `userID`.
    func consume(userID: String, now: Date) -> RateLimitStatus {
        rateLimiter.consume(key: userID, now: now)
    }

    /// A one-shot upload: the whole file at once, with its `media_category` (required). X's reference
    /// calls it the simple upload "(images only)": image categories only; GIFs and videos go in chunks.
    func upload(owner: String, file: UploadedFile, category requested: String?, additionalOwners: [String], now: Date) -> Result<XMedia, XProblem> {
        guard let category = requested, !category.isEmpty else {
            return .failure(.invalidRequest("The `media_category` field is required.", reasonCode: "missing_media_category"))
        }
        guard let kind = XMediaCategory.kinds[category] else { return .failure(Self.unknownCategory(category)) }
        guard XMediaCategory.oneShot.contains(category) else {
            return .failure(.invalidRequest("media_category \(category) must be uploaded in chunks: initialize, append, finalize.",
                                            reasonCode: "chunked_upload_required"))
        }
        guard let sniffed = MediaSniffer.sniff(file.bytes) else {
            return .failure(.invalidRequest("The media is not a JPEG, PNG or WEBP image.", reasonCode: "unsupported_media"))
        }
        if let problem = Self.check(sniffed, size: file.bytes.count, kind: kind) { return .failure(problem) }
        var media = newMedia(owners: [owner] + additionalOwners, category: category, kind: kind, mediaType: sniffed.format.contentType, totalBytes: file.bytes.count, now: now)
        media.sniffed = sniffed
        media.state = .succeeded
        items[media.id] = media
        return .success(media)
    }

    /// Starts a chunked upload of `totalBytes` of `mediaType`.
    func initialize(owner: String, mediaType: String, totalBytes: Int, category requested: String?, additionalOwners: [String], now: Date) -> Result<XMedia, XProblem> {
        guard let format = MediaFormat(contentType: mediaType) else {
            return .failure(.invalidRequest("The media_type \(mediaType) is not supported.", reasonCode: "unsupported_media"))
        }
        let category = requested ?? XMediaCategory.defaultCategory(for: format)
        guard let kind = XMediaCategory.kinds[category] else { return .failure(Self.unknownCategory(category)) }
        guard kind.accepts(format) else {
            return .failure(.invalidRequest("The media_type \(mediaType) does not fit the media_category \(category).", reasonCode: "media_category_mismatch"))
        }
        guard (1...kind.maximumBytes).contains(totalBytes) else { return .failure(Self.tooLarge(kind)) }
        let media = newMedia(owners: [owner] + additionalOwners, category: category, kind: kind, mediaType: format.contentType, totalBytes: totalBytes, now: now)
        items[media.id] = media
        return .success(media)
    }

    /// Adds segment `index` (0–999) to an upload that is not yet finalized.
    func append(owner: String, id: String, index: Int, bytes: [UInt8], now: Date) -> Result<XMedia, XProblem> {
        guard var media = live(id, owner: owner, now: now) else { return .failure(.unknownMedia(id)) }
        guard media.state == .uploading else {
            return .failure(.invalidRequest("Media \(id) was already finalized.", reasonCode: "already_finalized"))
        }
        guard (0...999).contains(index) else {
            return .failure(.invalidRequest("segment_index must be between 0 and 999.", reasonCode: "invalid_segment"))
        }
        media.segments[index] = bytes
        guard media.receivedBytes <= media.totalBytes else {
            return .failure(.invalidRequest("The segments add up to more than total_bytes (\(media.totalBytes)).", reasonCode: "too_many_bytes"))
        }
        items[id] = media
        return .success(media)
    }

    /// Ends a chunked upload: the segments must be 0…n-1 and add up to `total_bytes`, and the bytes must
    /// be what `media_type` said. Returns the media and the assembled file (for the record).
    func finalize(owner: String, id: String, now: Date) -> Result<(XMedia, UploadedFile), XProblem> {
        guard var media = live(id, owner: owner, now: now) else { return .failure(.unknownMedia(id)) }
        guard media.state == .uploading else {
            return .failure(.invalidRequest("Media \(id) was already finalized.", reasonCode: "already_finalized"))
        }
        guard media.segments.keys.sorted() == Array(0..<media.segments.count), media.receivedBytes == media.totalBytes else {
            return .failure(.invalidRequest(
                "The segments (\(media.segments.count), \(media.receivedBytes) bytes) do not form the declared \(media.totalBytes) bytes.",
                reasonCode: "incomplete_upload"
            ))
        }
        let file = UploadedFile(contentType: media.mediaType, bytes: (0..<media.segments.count).flatMap { media.segments[$0]! })
        guard let sniffed = MediaSniffer.sniff(file.bytes), MediaFormat(contentType: media.mediaType) == sniffed.format else {
            return .failure(.invalidRequest("The uploaded bytes are not \(media.mediaType).", reasonCode: "media_type_mismatch"))
        }
        if let problem = Self.check(sniffed, size: file.bytes.count, kind: media.kind) { return .failure(problem) }
        media.segments = [:]
        media.sniffed = sniffed
        media.state = media.kind.needsProcessing ? .processing(polls: 0) : .succeeded
        items[id] = media
        return .success((media, file))
    }

    /// Answers a `STATUS` poll, advancing processing one step per poll.
    func status(owner: String, id: String, now: Date) -> Result<XMedia, XProblem> {
        guard var media = live(id, owner: owner, now: now) else { return .failure(.unknownMedia(id)) }
        if case .processing(let polls) = media.state {
            media.state = polls + 1 >= Self.pollsToSucceed ? .succeeded : .processing(polls: polls + 1)
            items[id] = media
        }
        return .success(media)
    }

    /// Gives `id` its alt text (`POST /2/media/metadata`): the uploader's own, unexpired, processed media only.
    func describe(owner: String, id: String, altText: String, now: Date) -> Result<XMedia, XProblem> {
        guard var media = live(id, owner: owner, now: now) else { return .failure(.unknownMedia(id)) }
        media.altText = altText
        items[id] = media
        return .success(media)
    }

    /// Makes processing of `id` fail, as X does for a file it cannot transcode (for fault-injection tests).
    func failProcessing(id: String, reason: String) {
        items[id]?.state = .failed(reason)
    }

    /// The media with this id when `owner` may use it and it has not expired.
    func live(_ id: String, owner: String, now: Date) -> XMedia? {
        guard let media = items[id], media.owners.contains(owner), now < media.expiresAt else { return nil }
        return media
    }

    private func newMedia(owners: [String], category: String, kind: XMediaKind, mediaType: String, totalBytes: Int, now: Date) -> XMedia {
        XMedia(
            id: String(ids.next(now: now)),
            owners: Set(owners),
            category: category,
            kind: kind,
            mediaType: mediaType,
            totalBytes: totalBytes,
            state: .uploading,
            expiresAt: now.addingTimeInterval(TimeInterval(Self.lifetime))
        )
    }

    /// A file that is too large for its kind, or whose format the kind does not take.
    private static func check(_ sniffed: SniffedMedia, size: Int, kind: XMediaKind) -> XProblem? {
        guard kind.accepts(sniffed.format) else {
            return .invalidRequest("A \(sniffed.format.rawValue) file cannot be uploaded as \(kind.rawValue).", reasonCode: "media_category_mismatch")
        }
        return size <= kind.maximumBytes ? nil : tooLarge(kind)
    }

    private static func tooLarge(_ kind: XMediaKind) -> XProblem {
        .invalidRequest("The file is larger than \(kind.maximumBytes) bytes, the limit for \(kind.rawValue) media.", reasonCode: "media_too_large")
    }

    private static func unknownCategory(_ category: String) -> XProblem {
        .invalidRequest(
            "The `media_category` value [\(category)] is not one of [\(XMediaCategory.kinds.keys.sorted().joined(separator: ", "))]",
            reasonCode: "invalid_media_category"
        )
    }
}
