#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An uploaded media attachment: what the bytes were, its alt text and focal point, and when processing ends.
struct MastodonMedia: Sendable {
    var number: Int64
    var accountID: String
    var format: MediaFormat
    var width: Int?
    var height: Int?
    var size: Int
    var sha256: String
    var description: String?
    /// The focal point, each from -1.0 to 1.0.
    var focus: (x: Double, y: Double)?
    var uploadedAt: Date
    /// Until then, `GET /api/v1/media/:id` answers 206 and a status may not attach it.
    var readyAt: Date
    /// The status it is attached to: from then on it is no longer found by `GET /api/v1/media/:id`.
    var statusID: String?

    var id: String { String(number) }

    /// `image`, or `gifv` for a GIF (which Mastodon turns into a looping video).
    var type: String { format == .gif ? "gifv" : "image" }

    func isReady(at now: Date) -> Bool { now >= readyAt }
}

/// Every media attachment of one instance, and the checks a status makes on those it names.
///
/// A value type inside ``MastodonTimeline``, so checking and attaching happen in the same step as the status.
struct MastodonMediaShelf: Sendable {
    private var items: [String: MastodonMedia] = [:]
    private var ids: MastodonIDGenerator

    init(salt: Int) {
        ids = MastodonIDGenerator(salt: salt)
    }

    /// Files an upload by `accountID`, ready `processing` seconds after `now`.
    mutating func add(_ upload: MastodonMediaUpload, accountID: String, now: Date, processing: TimeInterval) -> MastodonMedia {
        let media = MastodonMedia(
            number: ids.next(now: now), accountID: accountID, format: upload.format, width: upload.width, height: upload.height,
            size: upload.size, sha256: upload.sha256, description: upload.description, focus: upload.focus,
            uploadedAt: now, readyAt: now.addingTimeInterval(max(0, processing)), statusID: nil
        )
        items[media.id] = media
        return media
    }

    /// The attachment `id` if `accountID` owns it and no status has it yet (else `GET /api/v1/media/:id` says 404).
    func unattached(_ id: String, accountID: String) -> MastodonMedia? {
        items[id].flatMap { $0.accountID == accountID && $0.statusID == nil ? $0 : nil }
    }

    /// Attachments by id, in the order given; unknown ids left out.
    func media(_ ids: [String]) -> [MastodonMedia] {
        ids.compactMap { items[$0] }
    }

    /// PostStatusService's `validate_media!`: at most `limit` ids, each the account's own and unattached, each processed.
    func check(_ requested: [String], accountID: String, limit: Int, now: Date) -> MastodonError? {
        guard requested.count <= limit else {
            return .unprocessable("Cannot attach more than \(limit) files", reasonCode: "too_many_media")
        }
        let missing = requested.filter { unattached($0, accountID: accountID) == nil }
        guard missing.isEmpty else {
            return .unprocessable("Media \(missing.joined(separator: ", ")) not found or already attached to another post", reasonCode: "media_not_found")
        }
        guard requested.allSatisfy({ items[$0]?.isReady(at: now) == true }) else {
            return .unprocessable("Cannot attach files that have not finished processing. Try again in a moment!", reasonCode: "media_not_ready")
        }
        return nil
    }

    /// Attaches each of `ids` to `statusID`.
    mutating func attach(_ ids: [String], to statusID: String) {
        for id in ids { items[id]?.statusID = statusID }
    }
}

/// An upload the route checked: what it is and what the client said about it.
struct MastodonMediaUpload: Sendable {
    var format: MediaFormat
    var width: Int?
    var height: Int?
    var size: Int
    var sha256: String
    var description: String?
    var focus: (x: Double, y: Double)?
}
