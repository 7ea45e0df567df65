#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// A post on the sandbox LinkedIn, as `GET /rest/posts` returns it.
struct LinkedInPost: Sendable, Equatable {
    /// `urn:li:share:{number}`.
    var urn: String
    var author: String
    /// The member whose token created it.
    var createdBy: String
    var createdAt: Date
    /// The body as sent.
    var body: JSONValue
    var imageURNs: [String]

    /// The body with the fields LinkedIn adds: `id`, the times in epoch milliseconds, `lifecycleStateInfo`;
    /// with `rewritesText`, the commentary as LinkedIn keeps it (``StoredText/linkedIn(_:)``).
    func rendered(rewritesText: Bool = false) -> JSONValue {
        var fields = body.objectMembers
        if rewritesText, let commentary = fields["commentary"]?.stringValue { fields["commentary"] = .string(StoredText.linkedIn(commentary)) }
        let millis = JSONValue.integer(Int64((createdAt.timeIntervalSince1970 * 1000).rounded(.down)))
        fields["id"] = .string(urn)
        fields["createdAt"] = millis
        fields["lastModifiedAt"] = millis
        if fields["lifecycleState"]?.stringValue == "PUBLISHED" { fields["publishedAt"] = millis }
        fields["isReshareDisabledByAuthor"] = fields["isReshareDisabledByAuthor"] ?? .bool(false)
        fields["lifecycleStateInfo"] = .object(["isEditedByAuthor": .bool(false)])
        return .object(fields)
    }
}

/// An image registered with `POST /rest/images?action=initializeUpload`.
struct LinkedInImage: Sendable, Equatable {
    enum Status: String, Sendable {
        case waitingUpload = "WAITING_UPLOAD"
        case available = "AVAILABLE"
        case processingFailed = "PROCESSING_FAILED"
    }

    /// `urn:li:image:{id}`.
    var urn: String
    /// The person or organization the image belongs to; only they can post it.
    var owner: String
    /// The member who initialized the upload; only their token may upload the bytes.
    var uploader: String
    /// The secret path segment of the upload URL.
    var uploadToken: String
    var uploadExpiresAt: Date
    var status: Status = .waitingUpload
    var sniffed: SniffedMedia?

    /// Upload URLs last a day.
    static let uploadLifetime: TimeInterval = 86_400
    /// LinkedIn's pixel limit for images.
    static let maximumPixels = 36_152_320
}
